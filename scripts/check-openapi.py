#!/usr/bin/env python3
"""Checks docs/openapi.json: that it is a valid OpenAPI 3.1 document (openapi-spec-validator), and, given files
of recorded exchanges, that every answer the server gave is one the document describes (openapi-core).

An exchanges file has one JSON object per line, as the tests record them (Tests/StackfeedTestSupport/
OpenAPIExchanges.swift): {"method", "target" (path and query as sent), "requestHeaders": [[name, value]…],
"requestBody" (text), "status", "headers": [[name, value]…], "body" (base64, as sent: gzipped when
Content-Encoding says so)}. For each exchange:

- a path the document does not list must have been answered 404, and a method its path does not list 405 with
  `Allow` naming exactly the document's methods of that path, both as problems;
- any other answer is validated by openapi-core against its operation: the status must be listed, the media type
  and body must match its schema, the headers listed must be there and match theirs (a gzipped body is
  decompressed first; a HEAD answer has no body);
- the request of every answer below 400 must be valid for its operation too (so the document does not refuse
  what the server takes).

Then every operation of the document must have been exercised. Answers 414 and 431 are the HTTP library's own, before any route (the document says so once).
Exchanges at a path given with --skip-path (another binary's route, e.g. stackfeed-promo's /v1/promos) are not
checked, and an exchange recorded twice, the same request and the same answer, is checked once.

usage: check-openapi.py DOC [EXCHANGES…] [--skip-path PATH]…
Exit 0 when everything holds; else every problem on stderr and exit 1 (2 when a module is missing).
"""
import argparse
import base64
import gzip
import json
import sys
from urllib.parse import parse_qsl, urlsplit

try:
    from openapi_core import Config, OpenAPI
    from openapi_core.testing import MockRequest, MockResponse
    from openapi_spec_validator import validate
except ImportError as error:
    print(f"check-openapi: {error} (pip install openapi-spec-validator openapi-core)", file=sys.stderr)
    sys.exit(2)

METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
# libmicrohttpd's own answers to a request line (414) or header section (431) over 16 KiB.
LIBRARY_STATUSES = {414, 431}
# The media types openapi-core does not decode itself: JSON ones as JSON, SVG as text.
DECODERS = {
    "application/problem+json": lambda value, **_: json.loads(value),
    "application/vnd.oai.openapi+json": lambda value, **_: json.loads(value),
    "image/svg+xml": lambda value, **_: value.decode("utf-8"),
    # Images and uploads: bytes, checked by their media type and headers only.
    "image/jpeg": lambda value, **_: value,
    "image/png": lambda value, **_: value,
    "image/webp": lambda value, **_: value,
    "application/octet-stream": lambda value, **_: value,
}


def template_of(path, paths):
    """The document's path template matching `path` ({name} matches one non-empty segment), or None."""
    parts = path.split("/")
    for template in paths:
        pattern = template.split("/")
        if len(pattern) == len(parts) and all(
            (p.startswith("{") and p.endswith("}") and s) or p == s for p, s in zip(pattern, parts)
        ):
            return template
    return None


def header(pairs, name):
    """The first value of the header `name` (case-insensitive) in `pairs`, or None."""
    return next((value for key, value in pairs if key.lower() == name.lower()), None)


def problem_status(body):
    """The `status` of a problem body, or None when the body is not one."""
    try:
        problem = json.loads(body)
    except ValueError:
        return None
    return problem.get("status") if isinstance(problem, dict) and {"title", "detail"} <= problem.keys() else None


def check(openapi, document, exchange):
    """The problems of one exchange, and the operation (template, method) it exercised, if any."""
    method = exchange["method"].lower()
    target = urlsplit(exchange["target"])
    status = exchange["status"]
    headers = [tuple(pair) for pair in exchange["headers"]]
    body = base64.b64decode(exchange["body"])
    if header(headers, "Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    if method == "head":
        body = b""
    if status in LIBRARY_STATUSES:
        return [], None
    template = template_of(target.path, document["paths"])
    if template is None:
        if status != 404 or problem_status(body) != 404:
            return [f"{target.path} is not in the document, yet the answer is {status}"], None
        return [], None
    item = document["paths"][template]
    if method not in item:
        allowed = {m.upper() for m in METHODS if m in item}
        given = {m.strip() for m in (header(headers, "Allow") or "").split(",") if m.strip()}
        if status != 405 or problem_status(body) != 405 or given != allowed:
            return [f"{template} has no {method.upper()}, yet the answer is {status} with Allow: {sorted(given)}"], None
        return [], None
    request_headers = [tuple(pair) for pair in exchange["requestHeaders"]]
    request = MockRequest(
        "http://127.0.0.1:8080", method, target.path,
        args=parse_qsl(target.query, keep_blank_values=True),
        headers=request_headers,
        data=exchange["requestBody"].encode(),
        content_type=header(request_headers, "Content-Type") or "",
    )
    response = MockResponse(
        body, status_code=status, headers=headers, content_type=header(headers, "Content-Type") or ""
    )
    problems = []
    try:
        openapi.validate_response(request, response)
    except Exception as error:  # openapi-core's errors name what failed; the cause says why
        problems.append(f"answer: {describe(error)}")
    if status < 400:
        try:
            openapi.validate_request(request)
        except Exception as error:
            problems.append(f"request: {describe(error)}")
    return problems, (template, method)


def describe(error):
    """What failed, on one line: the innermost error's reasons (the schema errors and where they are), else its
    message, cut short (a body may be in it)."""
    while error.__cause__ is not None and not getattr(error, "schema_errors", None):
        error = error.__cause__
    details = getattr(error, "schema_errors", None)
    if details:
        return "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '(body)'}: {e.message[:200]}" for e in details)
    return f"{type(error).__name__}: {str(error)[:300]}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("document")
    parser.add_argument("exchanges", nargs="*")
    parser.add_argument("--skip-path", action="append", default=[])
    arguments = parser.parse_args()
    with open(arguments.document, encoding="utf-8") as file:
        document = json.load(file)
    try:
        validate(document)
    except Exception as error:
        print(f"{arguments.document} is not a valid OpenAPI document: {describe(error)}", file=sys.stderr)
        return 1
    print(f"{arguments.document}: a valid OpenAPI {document['openapi']} document")
    if not arguments.exchanges:
        return 0
    openapi = OpenAPI.from_dict(document, config=Config(extra_media_type_deserializers=DECODERS))
    failures, covered, count, seen = [], set(), 0, set()
    for name in arguments.exchanges:
        with open(name, encoding="utf-8") as file:
            for line in file:
                exchange = json.loads(line)
                count += 1
                if line in seen or urlsplit(exchange["target"]).path in arguments.skip_path:
                    continue
                seen.add(line)
                problems, operation = check(openapi, document, exchange)
                failures += [f"{exchange['method']} {exchange['target']} -> {exchange['status']}: {p}" for p in problems]
                if operation and not problems:
                    covered.add(operation)
    operations = {(t, m) for t, item in document["paths"].items() for m in METHODS if m in item}
    missing = sorted(operations - covered)
    failures += [f"{m.upper()} {t}: described, but no answer of it was checked" for t, m in missing]
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{count} exchanges ({len(seen)} distinct), {len(covered)} of {len(operations)} operations answered as described")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
