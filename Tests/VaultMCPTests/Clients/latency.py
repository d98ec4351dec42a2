"""Times tool calls of `vault mcp` on a vault: the server is started once, its cache warmed by
a first call of each tool, then each call is sent RUNS times and timed from the request written
to the answer read. Prints one row per call (min and median in ms, answer size) and the
server's peak memory. Standard library only: what is timed is the server, not a client's SDK.

Usage: latency.py VAULT-BINARY VAULT-FOLDER [RUNS [TOOL,...]]
(the tools named, only; every call without them). The note, the word and the fuzzy query
come from VAULT-FOLDER.manifest.json when the bench generator wrote one beside the vault.
"""

import json
import os
import statistics
import subprocess
import sys
import time


def queries(vault):
    """The most-linked note, the word and the fuzzy query of the generated vault's manifest."""
    note, word, fuzzy = "pages/Film run breakfast.md", "budget", "projplan"
    manifest = vault.rstrip("/") + ".manifest.json"
    if os.path.exists(manifest):
        with open(manifest) as file:
            data = json.load(file)
        note = data.get("mostLinked", {}).get("path", note)
        word = data.get("queries", {}).get("word", word)
        fuzzy = data.get("queries", {}).get("fuzzy", fuzzy)
    return note, word, fuzzy


def main(binary, vault, runs, only):
    note, word, fuzzy = queries(vault)
    server = subprocess.Popen(
        [binary, "--vault", vault, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    ids = iter(range(1, 1 << 30))

    def request(method, params):
        message = {"jsonrpc": "2.0", "id": next(ids), "method": method, "params": params}
        started = time.perf_counter()
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()
        line = server.stdout.readline()
        return time.perf_counter() - started, line

    request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "latency", "version": "1"}})
    calls = [
        ("search", {"query": word, "mode": "exact", "limit": 50}),
        ("search", {"query": fuzzy, "limit": 50}),
        ("find", {"query": fuzzy}),
        ("list_notes", {"limit": 200}),
        ("tags", {"limit": 100}),
        ("tasks", {"limit": 200}),
        ("backlinks", {"note": note, "limit": 50}),
        ("links", {"note": note}),
        ("read_note", {"note": note}),
        ("check", {}),
    ]
    if only:
        calls = [call for call in calls if call[0] in only]
    resources = ("resources/list", {})
    first = {}
    for name, arguments in calls:
        first[name + json.dumps(arguments)] = request("tools/call", {"name": name, "arguments": arguments})[0]
    print("| call | first (ms) | warm min (ms) | warm median (ms) | answer bytes |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, arguments in calls + [resources]:
        method, params = ("tools/call", {"name": name, "arguments": arguments}) if name != "resources/list" else (name, arguments)
        times = []
        size = 0
        for _ in range(runs):
            elapsed, line = request(method, params)
            times.append(elapsed * 1000)
            size = len(line)
        label = name + " " + json.dumps(arguments, ensure_ascii=False)
        cold = first.get(name + json.dumps(arguments))
        print(f"| `{label}` | {cold * 1000:.1f} | {min(times):.1f} | {statistics.median(times):.1f} | {size} |" if cold else
              f"| `{label}` | | {min(times):.1f} | {statistics.median(times):.1f} | {size} |")
    with open(f"/proc/{server.pid}/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM"))
    print(f"server peak memory: {int(peak) / 1024:.1f} MiB")
    server.stdin.close()
    server.wait()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 10, sys.argv[4].split(",") if len(sys.argv) > 4 else [])
