import Foundation

/// The label corpus: real place and language names, generated deterministically.
///
/// ICU's locale display data (through Foundation's `Locale`) names every ISO
/// region and language in many languages — "Deutschland", "Германия",
/// "ألمانيا", "גרמניה", "जर्मनी", "德国", "ドイツ", … — which is a fair sample of
/// what map labels look like in Latin, Cyrillic, Greek, Arabic, Hebrew,
/// Devanagari and CJK. Names are deduplicated and kept in generation order,
/// so the corpus is the same on every run with the same ICU data; nothing is
/// committed.
enum Corpus {
    static let locales = ["en", "fr", "de", "es", "pt", "it", "pl", "tr", "vi", "ru", "uk", "bg", "el",
                          "ar", "fa", "he", "hi", "mr", "zh", "zh-Hant", "ja"]

    static func labels(minimumCount: Int) -> [String] {
        var seen = Set<String>()
        var labels: [String] = []
        func add(_ name: String?) {
            guard let name, !name.isEmpty, seen.insert(name).inserted else { return }
            labels.append(name)
        }
        let regions = Locale.Region.isoRegions.map(\.identifier).sorted()
        let languages = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).sorted()
        for identifier in locales {
            let locale = Locale(identifier: identifier)
            for region in regions { add(locale.localizedString(forRegionCode: region)) }
            for language in languages { add(locale.localizedString(forLanguageCode: language)) }
        }
        // Some labels combine two names, as street and district labels do.
        var i = 0
        while labels.count < minimumCount && i + 1 < labels.count {
            add(labels[i] + " " + labels[i + 1])
            i += 2
        }
        return labels
    }

    /// The bundled font the direct HarfBuzz loop and the uharfbuzz peer use for
    /// a label: the one Cartouche's fallback picks for its first letter's script.
    static func fontFile(for label: String) -> String {
        for scalar in label.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0590...0x05FF: return "NotoSansHebrew-Regular.ttf"
            case 0x0600...0x08FF: return "NotoSansArabic-Regular.ttf"
            case 0x0900...0x097F: return "NotoSansDevanagari-Regular.ttf"
            case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: return "DroidSansFallbackFull.ttf"
            default: continue
            }
        }
        return "NotoSans-Regular.ttf"
    }
}
