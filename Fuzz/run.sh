#!/usr/bin/env bash
# Builds one libFuzzer binary per VigilCore parser and runs each for a bounded time.
#
#   Fuzz/run.sh [seconds-per-target] [target ...]
#
# Seconds default to $FUZZ_SECONDS or 30. Targets: flood-xml kml camera-topology scribble
# detections client-message json image-header yaml (all when none are named). $FUZZ_JOBS targets run
# at once (default: one per CPU; each libFuzzer run is one process on one core). Seed inputs come from Fuzz/corpus/<target>/; inputs
# libFuzzer finds go to .build-fuzz/corpus/<target>/ and crashing inputs to
# .build-fuzz/artifacts/. Exits non-zero if any target crashes, leaks past the limits or fails to build.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

seconds="${1:-${FUZZ_SECONDS:-30}}"
shift $(( $# > 0 ? 1 : 0 ))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(flood-xml kml camera-topology scribble detections client-message json image-header yaml)
fi

out=.build-fuzz
mkdir -p "$out/artifacts"

entry_file() {
    case "$1" in
        flood-xml) echo Fuzz/FloodXMLFuzz.swift ;;
        kml) echo Fuzz/KMLFuzz.swift ;;
        camera-topology) echo Fuzz/CameraTopologyFuzz.swift ;;
        scribble) echo Fuzz/ScribbleFuzz.swift ;;
        detections) echo Fuzz/DetectionsFuzz.swift ;;
        client-message) echo Fuzz/ClientMessageFuzz.swift ;;
        json) echo Fuzz/JSONFuzz.swift ;;
        image-header) echo Fuzz/ImageHeaderFuzz.swift ;;
        yaml) echo Fuzz/YAMLFuzz.swift ;;
        *) echo "unknown fuzz target: $1" >&2; return 1 ;;
    esac
}

# VigilCore is compiled once, with coverage instrumentation, into a static library that every
# target links.
mapfile -t sources < <(find Sources/VigilCore -name '*.swift' | sort)
echo "building VigilCore (${#sources[@]} files) for fuzzing"
swiftc -sanitize=fuzzer -parse-as-library -O -g \
    -module-name VigilCore -emit-module -emit-module-path "$out/VigilCore.swiftmodule" \
    -emit-library -static -o "$out/libVigilCore.a" "${sources[@]}"

for target in "${targets[@]}"; do
    entry="$(entry_file "$target")"
    echo "building $target"
    swiftc -sanitize=fuzzer -parse-as-library -O -g -I "$out" -L "$out" -lVigilCore \
        Fuzz/RoundTrip.swift "$entry" -o "$out/fuzz-$target"
    mkdir -p "$out/corpus/$target"
done

# Runs one target; its log is $out/<target>.log and its exit status says whether it found anything.
fuzz() {
    "$out/fuzz-$1" "$out/corpus/$1" "Fuzz/corpus/$1" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$out/artifacts/$1-" -print_final_stats=1 \
        > "$out/$1.log" 2>&1
}

jobs="${FUZZ_JOBS:-$(nproc)}"
failed=()
for ((first = 0; first < ${#targets[@]}; first += jobs)); do
    batch=("${targets[@]:first:jobs}")
    echo "running ${batch[*]} for ${seconds}s"
    pids=()
    for target in "${batch[@]}"; do
        fuzz "$target" &
        pids+=("$!")
    done
    for index in "${!batch[@]}"; do
        target="${batch[$index]}"
        if ! wait "${pids[$index]}"; then
            failed+=("$target")
            tail -n 40 "$out/$target.log"
        fi
        grep -E "^(stat::number_of_executed_units|stat::new_units_added)" "$out/$target.log" | sed "s/^/  $target /" || true
    done
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found crashes in: ${failed[*]} (inputs in $out/artifacts/)" >&2
    exit 1
fi
echo "fuzzing passed: ${targets[*]} (${seconds}s each)"
