#!/usr/bin/env bash
set -u
declare -A JARS=([pre29]=${PRE29_JAR:?} [base]=${BASE_JAR:?} [new]=${NEW_JAR:-benchmarks/target/httpjson-benchmarks.jar})
for r in 1 2 3; do
  for b in pre29 new; do
    line=$(java -Xms512m -Xmx512m -XX:+UseG1GC -Ddev.httpjson.codec=jackson -cp ${CLASSES:-/tmp/avaje-guard/classes}:"${JARS[$b]}" CpuPair avaje-jsonb jackson benchmarks/results/avaje-guard/body.json 30 2>&1 | tail -1)
    echo "pair round=$r build=$b load=$(cut -d' ' -f1 /proc/loadavg) $line"
  done
  for b in pre29 new; do
    line=$(java -Xms512m -Xmx512m -XX:+UseG1GC -cp ${CLASSES:-/tmp/avaje-guard/classes}:"${JARS[$b]}" dev.httpjson.avaje.GuardScan benchmarks/results/avaje-guard/body.json 30 2>&1 | tail -1)
    echo "guard round=$r build=$b load=$(cut -d' ' -f1 /proc/loadavg) $line"
  done
done
