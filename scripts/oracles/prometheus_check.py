"""Parses a Prometheus text exposition (stdin) with prometheus_client's own
parser and checks it the way an operator's scraper would: every family has
# HELP and # TYPE, no family is declared twice, every sample belongs to a
declared family. Prints a JSON report on stdout:
{"families": {name: {"type", "help", "samples"}}, "problems": [...]}."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

text = sys.stdin.read()
problems = []
declared_help, declared_type = {}, {}
for line in text.splitlines():
    if line.startswith("# HELP "):
        name = line.split(" ", 3)[2]
        if name in declared_help:
            problems.append(f"HELP declared twice for {name}")
        declared_help[name] = line.split(" ", 3)[3] if len(line.split(" ", 3)) > 3 else ""
    elif line.startswith("# TYPE "):
        name = line.split(" ")[2]
        if name in declared_type:
            problems.append(f"TYPE declared twice for {name}")
        declared_type[name] = line.split(" ")[3]
    elif line and not line.startswith("#"):
        sample = line.split("{")[0].split(" ")[0]
        base = sample
        for suffix in ("_bucket", "_count", "_sum", "_total", "_created"):
            if sample.endswith(suffix) and sample[: -len(suffix)] in declared_type:
                base = sample[: -len(suffix)]
        if base not in declared_type:
            problems.append(f"sample {sample} has no # TYPE")
for name in declared_type:
    if not declared_help.get(name):
        problems.append(f"{name} has # TYPE but no (or an empty) # HELP")
families = {}
try:
    for family in text_string_to_metric_families(text):
        families[family.name] = {"type": family.type, "help": family.documentation, "samples": len(family.samples)}
except Exception as error:  # the parser's own verdict
    problems.append(f"prometheus_client cannot parse the exposition: {error}")
json.dump({"families": families, "problems": problems, "declared": sorted(declared_type)}, sys.stdout)
