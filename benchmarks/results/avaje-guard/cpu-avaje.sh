#!/usr/bin/env bash
# CPU-time decode cost, interleaved: for each round, each build (order alternating), each codec.
set -u
ROUNDS=${ROUNDS:-5}; PASSES=${PASSES:-30}
declare -A JARS=([pre29]=${PRE29_JAR:?} [base]=${BASE_JAR:?} [new]=${NEW_JAR:-benchmarks/target/httpjson-benchmarks.jar})
ORDER=(pre29 base new)
for r in $(seq 1 $ROUNDS); do
  if (( r % 2 == 0 )); then ORD=(new base pre29); else ORD=("${ORDER[@]}"); fi
  for b in "${ORD[@]}"; do
    for c in avaje-jsonb jackson; do
      line=$(java -Xms512m -Xmx512m -XX:+UseG1GC -Ddev.httpjson.codec=jackson -cp ${CLASSES:-/tmp/avaje-guard/classes}:"${JARS[$b]}" CpuDecode $c benchmarks/results/avaje-guard/body.json $PASSES 2>&1 | tail -1)
      echo "round=$r build=$b load=$(cut -d' ' -f1 /proc/loadavg) $line"
    done
  done
done
