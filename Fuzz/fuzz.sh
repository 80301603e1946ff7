#!/usr/bin/env bash
# Builds the libFuzzer targets listed in Fuzz/targets and runs each for a
# bounded time. Usage and design: Fuzz/README.md. Entry point: scripts/fuzz.
#
#   Fuzz/fuzz.sh [--time SECONDS] [--jobs N] [--build-only] [--keep-corpus] [TARGET...]
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
# Compiles and fuzz runs at a time; one per core by default.
jobs="$(nproc 2>/dev/null || echo 1)"
requested=()

usage() { sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --time)
            [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -gt 0 ]] || { echo "fuzz: --time needs a positive whole number of seconds" >&2; exit 2; }
            seconds="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --keep-corpus) keep_corpus=1; shift ;;
        --jobs)
            [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -gt 0 ]] || { echo "fuzz: --jobs needs a positive whole number" >&2; exit 2; }
            jobs="$2"; shift 2 ;;
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

# The modules among the remaining arguments that Sources/$1 imports.
imported_modules() {
    local module="$1"; shift
    local imports listed
    imports=" $(grep -rhoE '^(@_exported |@testable )?import +[A-Za-z_]+' "$root/Sources/$module" --include='*.swift' 2>/dev/null \
        | awk '{print $NF}' | sort -u | tr '\n' ' ') "
    for listed in "$@"; do
        [[ "$imports" == *" $listed "* ]] && echo "$listed"
    done
    return 0
}

is_c_module() { [[ -n "$(find "$root/Sources/$1" -name '*.c' -print -quit)" && -z "$(find "$root/Sources/$1" -name '*.swift' -print -quit)" ]]; }

# Builds one module of Sources/ into $build (runs in the background: it must
# not change shared state). The remaining arguments are the modules it imports.
build_module() {
    local module="$1"; shift
    local deps=() dep
    for dep in "$@"; do deps+=("$build/obj/$dep.o"); done
    local src="$root/Sources/$module" object="$build/obj/$module.o"
    local swift_sources=() c_sources=()
    mapfile -t swift_sources < <(find "$src" -name '*.swift' | sort)
    mapfile -t c_sources < <(find "$src" -name '*.c' | sort)
    stale "$object" "$src" "${deps[@]}" || return 0
    if [[ ${#swift_sources[@]} -gt 0 ]]; then
        echo "fuzz: compiling $module (${#swift_sources[@]} Swift files)" >&2
        swiftc "${swift_flags[@]}" -module-name "$module" -wmo -c \
            -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
            "${include_flags[@]}" "${swift_sources[@]}" -o "$object" || return 2
    else
        echo "fuzz: compiling $module (${#c_sources[@]} C files)" >&2
        local c_objects=() file
        for file in "${c_sources[@]}"; do
            clang "${c_flags[@]}" -I "$src/include" "${system_cflags[@]}" -c "$file" \
                -o "$build/obj/$module.$(basename "$file" .c).o" || return 2
            c_objects+=("$build/obj/$module.$(basename "$file" .c).o")
        done
        ld.lld -r "${c_objects[@]}" -o "$object" || return 2
    fi
    # swiftc leaves an identical object untouched; the stamp must still move.
    touch "$object"
}

# Links the harness of target $1 with the objects of its modules.
link_target() {
    local name="$1" objects=() module has_c=0
    for module in ${target_modules[$name]}; do
        objects+=("$build/obj/$module.o")
        is_c_module "$module" && has_c=1
    done
    local harness="$fuzz_dir/Targets/$name.swift" binary="$build/bin/$name"
    stale "$binary" "$harness" "$fuzz_dir/Support" "${objects[@]}" || return 0
    echo "fuzz: linking $name" >&2
    local link_libs=()
    [[ $has_c -eq 1 ]] && link_libs=("${system_libs[@]}")
    swiftc "${swift_flags[@]}" -use-ld=lld "${include_flags[@]}" \
        "$fuzz_dir"/Support/*.swift "$harness" "${objects[@]}" "${link_libs[@]}" -o "$binary" || return 2
    touch "$binary"
}

# Runs the commands given as lines on stdin, at most $jobs at a time; fails
# when any of them fails.
run_parallel() {
    local pids=() command failed=0 pid
    while IFS= read -r command; do
        while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do wait -n || failed=1; done
        eval "$command" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    return $failed
}

# The buildable modules of Sources/ (Swift or C sources, not a bare system
# library module map) that Sources/$1 imports.
direct_imports() {
    local name
    for name in $(grep -rhoE '^(@_exported |@testable )?import +[A-Za-z_]+' "$root/Sources/$1" --include='*.swift' 2>/dev/null \
            | awk '{print $NF}' | sort -u); do
        [[ -d "$root/Sources/$name" ]] || continue
        [[ -n "$(find "$root/Sources/$name" \( -name '*.swift' -o -name '*.c' \) -print -quit)" ]] && echo "$name"
    done
    return 0
}

# Appends $1 and everything it imports, transitively, to `closure` in
# dependency order (imports first).
visit_module() {
    local module="$1" dep
    [[ " ${closure[*]} ${visiting} " == *" $module "* ]] && return 0
    visiting+=" $module"
    for dep in $(direct_imports "$module"); do visit_module "$dep"; done
    closure+=("$module")
}

# Each target's modules: the listed ones and all they import, in dependency
# order; `modules` is their union, still in dependency order.
modules=()
for name in "${requested[@]}"; do
    [[ -f "$fuzz_dir/Targets/$name.swift" ]] || { echo "fuzz: missing harness Fuzz/Targets/$name.swift" >&2; exit 2; }
    closure=()
    visiting=""
    for module in ${target_modules[$name]}; do
        [[ -d "$root/Sources/$module" ]] || { echo "fuzz: target $name lists $module, but there is no Sources/$module" >&2; exit 2; }
        visit_module "$module"
    done
    target_modules[$name]="${closure[*]}"
    for module in "${closure[@]}"; do
        [[ " ${modules[*]} " == *" $module "* ]] || modules+=("$module")
    done
done
# A SwiftPM C target's include/ folder becomes a Clang module of the same
# name, as SwiftPM does it (written here, before any parallel compile).
for module in "${modules[@]}"; do
    is_c_module "$module" || continue
    map_dir="$build/cmodules/$module"
    mkdir -p "$map_dir"
    {
        echo "module $module {"
        for header in "$root/Sources/$module/include"/*.h; do echo "    header \"$header\""; done
        echo "    export *"
        echo "}"
    } > "$map_dir/module.modulemap.new"
    cmp -s "$map_dir/module.modulemap.new" "$map_dir/module.modulemap" 2>/dev/null \
        && rm "$map_dir/module.modulemap.new" || mv "$map_dir/module.modulemap.new" "$map_dir/module.modulemap"
    include_flags+=(-I "$map_dir")
done
declare -A module_deps
for index in "${!modules[@]}"; do
    module="${modules[$index]}"
    module_deps[$module]="$(imported_modules "$module" "${modules[@]:0:$index}" | tr '\n' ' ')"
done

# Compile in waves: every module whose imports are built, in parallel.
build_started=$SECONDS
built=" "
while [[ "$built" != " ${modules[*]} " ]]; do
    wave=()
    for module in "${modules[@]}"; do
        [[ "$built" == *" $module "* ]] && continue
        ready=1
        for dep in ${module_deps[$module]}; do [[ "$built" == *" $dep "* ]] || ready=0; done
        [[ $ready -eq 1 ]] && wave+=("$module")
    done
    [[ ${#wave[@]} -gt 0 ]] || { echo "fuzz: modules import each other in a cycle: ${modules[*]}" >&2; exit 2; }
    for module in "${wave[@]}"; do echo "build_module $module ${module_deps[$module]}"; done \
        | run_parallel || { echo "fuzz: build failed" >&2; exit 2; }
    # Keep the list order so that the loop's end test matches.
    rebuilt=" "
    for module in "${modules[@]}"; do
        [[ "$built" == *" $module "* || " ${wave[*]} " == *" $module "* ]] && rebuilt+="$module "
    done
    built="$rebuilt"
done
for name in "${requested[@]}"; do echo "link_target $name"; done | run_parallel || { echo "fuzz: link failed" >&2; exit 2; }
echo "fuzz: build took $((SECONDS - build_started)) s" >&2
[[ $build_only -eq 1 ]] && exit 0

# --- Running ----------------------------------------------------------------
# Runs target $1 and writes its summary line to $results/$1 (first word: the
# number of crashes). Runs in the background, like build_module.
run_target() {
    local name="$1" crash_dir="$build/crashes/$1" corpus
    mkdir -p "$crash_dir"
    if [[ $keep_corpus -eq 1 ]]; then
        corpus="$build/corpus/$name"; mkdir -p "$corpus"
    else
        corpus="$(mktemp -d "$build/work-$name.XXXXXX")"
    fi
    if [[ -d "$fuzz_dir/corpus/$name" ]]; then cp -n "$fuzz_dir/corpus/$name"/* "$corpus"/ 2>/dev/null || true; fi
    local dict_flag=()
    [[ "${target_dict[$name]}" != "-" ]] && dict_flag=(-dict="$fuzz_dir/dict/${target_dict[$name]}")
    local log="$build/logs/$name-$(date -u +%Y%m%dT%H%M%S).log" status=0
    "$build/bin/$name" "$corpus" "${dict_flag[@]}" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 \
        -print_final_stats=1 -artifact_prefix="$crash_dir/" > "$log" 2>&1 || status=$?
    [[ $keep_corpus -eq 1 ]] || rm -rf "$corpus"
    local runs speed coverage artifacts crashes=0 detail=""
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)"
    coverage="$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1 || true)"
    artifacts="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tr '\n' ' ')"
    if [[ $status -ne 0 ]]; then
        crashes=1
        detail=" (exit $status; input: ${artifacts:-none saved}; log: $log)"
    fi
    printf '%d fuzz: %-10s runs %s, %s exec/s, %s, crashes %d%s\n' "$crashes" \
        "$name" "${runs:-?}" "${speed:-?}" "${coverage:-cov: ?}" "$crashes" "$detail" > "$results/$name"
}

# Per invocation, so that two runs sharing a build folder keep their own results.
results="$(mktemp -d "$build/results.XXXXXX")"
trap 'rm -rf "$results"' EXIT
echo "fuzz: running ${#requested[@]} targets for $seconds s each, $jobs at a time" >&2
for name in "${requested[@]}"; do echo "run_target $name"; done | run_parallel || true
total_crashes=0
for name in "${requested[@]}"; do
    if [[ -f "$results/$name" ]]; then
        read -r crashes line < "$results/$name"
        echo "$line"
    else
        crashes=1
        echo "fuzz: $name did not report (see $build/logs/)"
    fi
    total_crashes=$((total_crashes + crashes))
done
echo "fuzz: ${#requested[@]} targets, $total_crashes crashes"
[[ $total_crashes -eq 0 ]]
