#!/usr/bin/env python3
"""Reads the Autobahn report (index.json) that kosoku wrote and decides the conformance run.

A case passes when its verdict is OK, NON-STRICT or INFORMATIONAL and its closing handshake is OK
or INFORMATIONAL. Two groups of cases are held to a different, explicit expectation, because the
hub is tested as it runs:

* Messages larger than the hub's message limit (192 KiB in this run, `--max-message-bytes 196608`:
  the compression cases echo messages of up to 131,099 bytes): the hub must refuse them, echoing nothing, and
  fail the connection with 1009 ("message too big"). These are cases 9.1.2-9.1.6, 9.2.2-9.2.6
  (256 KiB to 16 MiB in one frame) and 9.3.*-9.6.* (4 MiB and 1 MiB messages in fragments). The
  hub sends its 1009 close and closes the TCP connection while the suite is still sending the rest
  of the message, so the peer's TCP stack may answer with a reset that discards the close frame
  before the suite reads it: the case then reports no close code. Either outcome is a refusal; an
  echoed message, or any other close code, fails.
* permessage-deflate (12.*, 13.*): the hub negotiates it, so every one of these must be OK, with a
  clean close; UNIMPLEMENTED (the extension declined in the handshake) fails like FAILED does.

Anything else - FAILED, ERROR, a wrong close code, an unclean close, a missing case - fails the run.
Prints a summary by verdict and exits non-zero on any failure.
"""

from __future__ import annotations

import fnmatch
import json
import sys
from collections import Counter

PASSING = {"OK", "NON-STRICT", "INFORMATIONAL"}
PASSING_CLOSE = {"OK", "INFORMATIONAL"}
MESSAGE_TOO_BIG = 1009
OVER_THE_MESSAGE_LIMIT = ["9.1.[2-6]", "9.2.[2-6]", "9.3.*", "9.4.*", "9.5.*", "9.6.*"]
COMPRESSION = ["12.*", "13.*"]


def matches(case: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatch(case, pattern) for pattern in patterns)


def echoed_messages(report_dir: str, entry: dict) -> int:
    with open(f"{report_dir}/{entry['reportfile']}") as file:
        return sum(1 for event in json.load(file).get("received", []) if event[0] == "message")


def judge(case: str, entry: dict, report_dir: str) -> tuple[str, str | None]:
    """The case's outcome for the summary, and why it fails (None when it does not)."""
    behavior, close, code = entry["behavior"], entry["behaviorClose"], entry.get("remoteCloseCode")
    if matches(case, OVER_THE_MESSAGE_LIMIT):
        echoed = echoed_messages(report_dir, entry)
        if code == MESSAGE_TOO_BIG and echoed == 0:
            return "REFUSED (1009)", None
        if code is None and echoed == 0:
            return "REFUSED (1009 lost to a TCP reset)", None
        return behavior, f"a message over the limit must be refused with 1009, got close code {code} after {echoed} echoed ({behavior}, {close})"
    if matches(case, COMPRESSION):
        if behavior == "OK" and close in PASSING_CLOSE:
            return behavior, None
        return behavior, f"permessage-deflate must echo every message, got {behavior} (close {close}, code {code})"
    if behavior not in PASSING:
        return behavior, f"{behavior} (close {close}, code {code})"
    if close not in PASSING_CLOSE:
        return behavior, f"closing handshake {close} (code {code})"
    return behavior, None


def case_key(case: str) -> list[int]:
    return [int(part) for part in case.split(".")]


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: check_report.py REPORT_DIR EXPECTED_CASE_COUNT", file=sys.stderr)
        return 2
    report_dir, expected_count = sys.argv[1], int(sys.argv[2])
    with open(f"{report_dir}/index.json") as file:
        agents = json.load(file)
    results = {case: entry for agent in agents.values() for case, entry in agent.items()}

    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    for case in sorted(results, key=case_key):
        outcome, failure = judge(case, results[case], report_dir)
        outcomes[outcome] += 1
        if failure:
            failures.append(f"  {case}: {failure}")
    if len(results) != expected_count:
        failures.append(f"  {len(results)} cases reported, {expected_count} expected")

    print(f"{len(results)} cases: " + ", ".join(f"{outcomes[o]} {o}" for o in sorted(outcomes)))
    if failures:
        print(f"{len(failures)} failing:")
        print("\n".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
