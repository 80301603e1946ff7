#!/usr/bin/env bash
# Builds the libFuzzer targets listed in Fuzz/targets and runs each for a
# bounded time. Usage and design: Fuzz/README.md. Entry point: scripts/fuzz.
#
#   Fuzz/fuzz.sh [--time SECONDS] [--build-only] [--keep-corpus] [TARGET...]
#
# Exit status: 0 when every target ran without a crash, 1 on any crash (the
# input is left in .build-fuzz/crashes/<target>/), 2 on a usage or build error.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz_dir="$root/Fuzz"
# FUZZ_BUILD_DIR moves everything (objects, binaries, logs, crashes) elsewhere.
build="${FUZZ_BUILD_DIR:-$root/.build-fuzz}"
seconds=60
build_only=0
keep_corpus=0
requested=()

usage() { sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --time)
            [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -gt 0 ]] || { echo "fuzz: --time needs a positive whole number of seconds" >&2; exit 2; }
            seconds="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --keep-corpus) keep_corpus=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "fuzz: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) requested+=("$1"); shift ;;
    esac
done

# --- Target table -----------------------------------------------------------
declare -A target_dict target_modules
all_targets=()
while read -r name dict modules; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    all_targets+=("$name")
    target_dict[$name]="$dict"
    target_modules[$name]="$modules"
done < "$fuzz_dir/targets"

if [[ ${#requested[@]} -eq 0 ]]; then requested=("${all_targets[@]}"); fi
for name in "${requested[@]}"; do
    if [[ -z "${target_modules[$name]+set}" ]]; then
        echo "fuzz: unknown target '$name' (known: ${all_targets[*]})" >&2; exit 2
    fi
done

# --- Toolchain flags --------------------------------------------------------
# Library modules get the same instrumentation as the harness: coverage for
# libFuzzer's guidance (-sanitize=fuzzer on a compile-only step adds just the
# coverage hooks) and AddressSanitizer. -O keeps Swift's bounds and overflow
# checks (only -Ounchecked drops them) and runs several times faster than -Onone.
sanitize=(-sanitize=fuzzer,address)
swift_flags=(-O -g -parse-as-library "${sanitize[@]}")
c_flags=(-O1 -g -fsanitize=fuzzer-no-link,address)
# System libraries wrapped by Sources/C*/module.modulemap (see Package.swift).
system_packages=(harfbuzz freetype2 fribidi icu-uc)
system_cflags=()
system_libs=()
if pkg-config --exists "${system_packages[@]}" 2>/dev/null; then
    read -r -a system_cflags <<< "$(pkg-config --cflags "${system_packages[@]}")"
    read -r -a system_libs <<< "$(pkg-config --libs "${system_packages[@]}")"
fi

mkdir -p "$build/modules" "$build/obj" "$build/bin" "$build/cmodules" "$build/logs"
include_flags=(-I "$build/modules")
for map in "$root"/Sources/*/module.modulemap; do
    [[ -e "$map" ]] && include_flags+=(-I "$(dirname "$map")")
done
for flag in "${system_cflags[@]}"; do include_flags+=(-Xcc "$flag"); done

# True when $1 is missing or older than any later argument (files or folders' files).
stale() {
    local output="$1"; shift
    [[ -e "$output" ]] || return 0
    [[ -n "$(find "$@" -newer "$output" -type f 2>/dev/null | head -n 1)" ]]
}

# Builds one module of Sources/ into .build-fuzz; prints nothing when up to date.
build_module() {
    local module="$1"; shift
    local deps=("$@")  # objects of the modules it imports
    local src="$root/Sources/$module"
    [[ -d "$src" ]] || { echo "fuzz: no module Sources/$module" >&2; return 2; }
    local object="$build/obj/$module.o"
    local swift_sources=() c_sources=()
    mapfile -t swift_sources < <(find "$src" -name '*.swift' | sort)
    mapfile -t c_sources < <(find "$src" -name '*.c' | sort)
    if [[ ${#swift_sources[@]} -gt 0 ]]; then
        stale "$object" "$src" "${deps[@]}" || return 0
        echo "fuzz: compiling $module (${#swift_sources[@]} Swift files)" >&2
        swiftc "${swift_flags[@]}" -module-name "$module" -wmo -c \
            -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
            "${include_flags[@]}" "${swift_sources[@]}" -o "$object"
        # swiftc leaves an identical object untouched; the stamp must still move.
        touch "$object"
    elif [[ ${#c_sources[@]} -gt 0 ]]; then
        # A SwiftPM C target: its include/ folder becomes a Clang module of the same name.
        local header_dir="$src/include" map_dir="$build/cmodules/$module"
        mkdir -p "$map_dir"
        {
            echo "module $module {"
            for header in "$header_dir"/*.h; do echo "    header \"$header\""; done
            echo "    export *"
            echo "}"
        } > "$map_dir/module.modulemap"
        include_flags+=(-I "$map_dir")
        stale "$object" "$src" || return 0
        echo "fuzz: compiling $module (${#c_sources[@]} C files)" >&2
        local c_objects=() file
        for file in "${c_sources[@]}"; do
            clang "${c_flags[@]}" -I "$header_dir" "${system_cflags[@]}" -c "$file" \
                -o "$build/obj/$module.$(basename "$file" .c).o"
            c_objects+=("$build/obj/$module.$(basename "$file" .c).o")
        done
        ld.lld -r "${c_objects[@]}" -o "$object" 2>/dev/null || ld -r "${c_objects[@]}" -o "$object"
    else
        echo "fuzz: Sources/$module has no Swift or C sources" >&2; return 2
    fi
}

# The modules of the target's list that Sources/$1 imports (so a module is
# rebuilt when a module it uses changes, and only then).
imported_objects() {
    local module="$1"; shift
    local imports listed
    imports=" $(grep -rhoE '^(@_exported |@testable )?import +[A-Za-z_]+' "$root/Sources/$module" --include='*.swift' 2>/dev/null \
        | awk '{print $NF}' | sort -u | tr '\n' ' ') "
    for listed in "$@"; do
        [[ "$imports" == *" $listed "* ]] && echo "$build/obj/$listed.o"
    done
    return 0
}

build_target() {
    local name="$1" objects=() listed=() deps=() module has_c=0
    for module in ${target_modules[$name]}; do
        mapfile -t deps < <(imported_objects "$module" "${listed[@]}")
        build_module "$module" "${deps[@]}" || return 2
        objects+=("$build/obj/$module.o")
        listed+=("$module")
        compgen -G "$root/Sources/$module/*.c" > /dev/null && has_c=1
    done
    local harness="$fuzz_dir/Targets/$name.swift" binary="$build/bin/$name"
    [[ -f "$harness" ]] || { echo "fuzz: missing harness $harness" >&2; return 2; }
    stale "$binary" "$harness" "$fuzz_dir/Support" "${objects[@]}" || return 0
    echo "fuzz: linking $name" >&2
    local link_libs=()
    [[ $has_c -eq 1 ]] && link_libs=("${system_libs[@]}")
    swiftc "${swift_flags[@]}" -use-ld=lld "${include_flags[@]}" \
        "$fuzz_dir"/Support/*.swift "$harness" "${objects[@]}" "${link_libs[@]}" -o "$binary"
    touch "$binary"
}

build_started=$SECONDS
for name in "${requested[@]}"; do
    build_target "$name" || { echo "fuzz: build of $name failed" >&2; exit 2; }
done
echo "fuzz: build took $((SECONDS - build_started)) s" >&2
[[ $build_only -eq 1 ]] && exit 0

# --- Running ----------------------------------------------------------------
total_crashes=0
for name in "${requested[@]}"; do
    crash_dir="$build/crashes/$name"
    mkdir -p "$crash_dir"
    if [[ $keep_corpus -eq 1 ]]; then
        corpus="$build/corpus/$name"; mkdir -p "$corpus"
    else
        corpus="$(mktemp -d "$build/work-$name.XXXXXX")"
    fi
    [[ -d "$fuzz_dir/corpus/$name" ]] && cp -n "$fuzz_dir/corpus/$name"/* "$corpus"/ 2>/dev/null || true
    dict_flag=()
    [[ "${target_dict[$name]}" != "-" ]] && dict_flag=(-dict="$fuzz_dir/dict/${target_dict[$name]}")
    log="$build/logs/$name-$(date -u +%Y%m%dT%H%M%S).log"
    status=0
    "$build/bin/$name" "$corpus" "${dict_flag[@]}" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 \
        -print_final_stats=1 -artifact_prefix="$crash_dir/" > "$log" 2>&1 || status=$?
    [[ $keep_corpus -eq 1 ]] || rm -rf "$corpus"
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)"
    coverage="$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1 || true)"
    artifacts="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tr '\n' ' ')"
    crashes=0
    if [[ $status -ne 0 ]]; then crashes=1; total_crashes=$((total_crashes + 1)); fi
    printf 'fuzz: %-10s runs %s, %s exec/s, %s, crashes %d%s\n' \
        "$name" "${runs:-?}" "${speed:-?}" "${coverage:-cov: ?}" "$crashes" \
        "$( [[ $crashes -ne 0 ]] && echo " (exit $status; input: ${artifacts:-none saved}; log: $log)" )"
done
echo "fuzz: ${#requested[@]} targets, $total_crashes crashes"
[[ $total_crashes -eq 0 ]]
