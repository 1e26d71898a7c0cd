#!/usr/bin/env bash
# Interleaved runs of CodecBench.codecDecode* (avaje-jsonb and jackson), one JMH fork per build per round.
set -u
ROUNDS=${ROUNDS:-5}
declare -A JARS=([pre29]=${PRE29_JAR:?} [base]=${BASE_JAR:?} [new]=${NEW_JAR:-benchmarks/target/httpjson-benchmarks.jar})
ORDER=(${BUILDS:-base new})
for r in $(seq 1 $ROUNDS); do
  if (( r % 2 == 0 )); then ORD=($(printf '%s\n' "${ORDER[@]}" | tac)); else ORD=("${ORDER[@]}"); fi
  for b in "${ORD[@]}"; do
    echo "round $r build $b $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
    java -cp "${JARS[$b]}" org.openjdk.jmh.Main 'CodecBench.codecDecode' -p codec=avaje-jsonb,jackson \
      -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf json -rff ${OUT:-/tmp/avaje-guard}/out-r${r}-${b}.json > ${OUT:-/tmp/avaje-guard}/out-r${r}-${b}.log 2>&1
  done
done
echo "end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
