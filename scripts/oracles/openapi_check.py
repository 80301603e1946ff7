"""Validates an OpenAPI document (stdin) with openapi-spec-validator and
prints {"valid": bool, "error": str|null, "operations": n, "withoutOperationId": [...]}."""
import json
import sys

from openapi_spec_validator import validate

document = json.load(sys.stdin)
error = None
try:
    validate(document)
except Exception as e:  # the validator's verdict, reported to the test
    error = str(e)[:2000]
operations = [(path, method, op) for path, item in document.get("paths", {}).items() for method, op in item.items()]
json.dump({"valid": error is None, "error": error, "operations": len(operations),
           "withoutOperationId": [f"{m.upper()} {p}" for p, m, op in operations if "operationId" not in op],
           "withoutSummary": [f"{m.upper()} {p}" for p, m, op in operations if not op.get("summary")],
           "servers": document.get("servers")}, sys.stdout)
