"""Reads a JUnit XML report with junitparser (the parser CI tools such as the JUnit report
actions build on) and prints what a CI system would show, as JSON, for the Swift tests to
assert on: the totals, then per suite its name and per case its name, classname, time,
result kinds and messages, and properties."""
import json
import sys

from junitparser import JUnitXml, Properties, TestSuite

xml = JUnitXml.fromfile(sys.argv[1])
suites = list(xml) if not isinstance(xml, TestSuite) else [xml]
out = {"tests": xml.tests, "failures": xml.failures, "skipped": xml.skipped, "suites": []}
for suite in suites:
    cases = []
    for case in suite:
        properties = case.child(Properties)
        cases.append({
            "name": case.name,
            "classname": case.classname,
            "time": case.time,
            "results": [type(r).__name__ for r in case.result],
            "messages": [r.message for r in case.result],
            "properties": {p.name: p.value for p in properties} if properties is not None else {},
        })
    out["suites"].append({"name": suite.name, "tests": suite.tests, "cases": cases})
json.dump(out, sys.stdout, ensure_ascii=False)
