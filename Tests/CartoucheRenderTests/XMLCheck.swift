import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses a document with Foundation's (non-validating) XML parser and
/// records what the tests look at: elements with their attributes, and the
/// character data of each `<text>` element.
final class XMLCheck: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements: [Element] = []
    private(set) var texts: [String] = []
    private(set) var error: Error?
    private var currentText: String?

    /// Parses `bytes`; `error` is nil when the document is well-formed.
    init(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? error ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(Element(name: elementName, attributes: attributeDict))
        if elementName == "text" { currentText = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        currentText? += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "text", let text = currentText {
            texts.append(text)
            currentText = nil
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = parseError
    }

    func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }
}
