"""Times `vault lsp` on a vault as an editor would use it, for one or more builds side by side.

For each build: the server is started with a cache of its own (so a cache another build wrote
is never read afresh), once to fill that cache, then ROUNDS times, the builds taking turns each
round (interleaved, so a change in the machine's load falls on all of them alike). Each round
times `initialize`, the first answer after it (opening the most-linked note with `[[` and the
start of its title typed at its end, then completion), then completion with several queries,
definition and references of the most-linked note, each sent RUNS times. Prints, per build, min
and median in ms of each, and the server's resident memory (now and at its peak). Standard
library only: what is timed is the server, not a client's SDK.

Usage: latency.py VAULT-FOLDER BINARY [BINARY...] [--rounds N] [--runs N]
(the vault is only read; the caches go to a temporary folder, one per build)
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


class Server:
    def __init__(self, binary, vault, cache):
        environment = dict(os.environ, XDG_CACHE_HOME=cache, LC_ALL="C.UTF-8")
        self.process = subprocess.Popen(
            [binary, "lsp", "--vault", vault], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=environment)
        self.ids = iter(range(1, 1 << 30))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = 0
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("the server went away")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        """The result of `method` and the time from the request written to its answer read."""
        number = next(self.ids)
        started = time.perf_counter()
        message = {"jsonrpc": "2.0", "id": number, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        while True:
            message = self.read()
            if message.get("id") == number and "method" not in message:
                return message.get("result"), (time.perf_counter() - started) * 1000
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method} if params is None else {"jsonrpc": "2.0", "method": method, "params": params})

    def memory(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            fields = dict(line.split(":", 1) for line in status)
        return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024

    def stop(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait()


def uri(path):
    from urllib.parse import quote
    return "file://" + quote(path)


def round_of(binary, vault, cache, target, title, runs):
    times = {}
    started = time.perf_counter()
    server = Server(binary, vault, cache)
    server.request("initialize", {"processId": None, "rootUri": uri(vault), "capabilities": {}})
    times["initialize"] = [(time.perf_counter() - started) * 1000]
    server.notify("initialized", {})
    document = uri(os.path.join(vault, target))
    with open(os.path.join(vault, target), encoding="utf-8") as file:
        text = file.read()
    line = text.count("\n") + 1
    typed = title[:6]
    started = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": document, "languageId": "markdown", "version": 1,
                                                            "text": text + "\n[[" + typed}})
    at = {"textDocument": {"uri": document}, "position": {"line": line, "character": 2 + len(typed)}}
    server.request("textDocument/completion", at)
    times["first answer after initialize"] = [(time.perf_counter() - started) * 1000]
    version = 1
    for query in (typed, title[:1], title[:3], title, "zq"):
        version += 1
        server.notify("textDocument/didChange", {"textDocument": {"uri": document, "version": version},
                                                 "contentChanges": [{"text": text + "\n[[" + query}]})
        at = {"textDocument": {"uri": document}, "position": {"line": line, "character": 2 + len(query)}}
        key = f"completion [[{query}"
        times[key] = []
        for _ in range(runs):
            result, elapsed = server.request("textDocument/completion", at)
            times[key].append(elapsed)
    link = text.find("[[")
    if link >= 0:
        before = text[:link + 3]
        position = {"line": before.count("\n"), "character": len(before) - before.rfind("\n") - 1}
        times["definition"] = [server.request("textDocument/definition", {
            "textDocument": {"uri": document}, "position": position})[1] for _ in range(runs)]
    references = {"textDocument": {"uri": document}, "position": {"line": line, "character": 0}, "context": {"includeDeclaration": False}}
    found, _ = server.request("textDocument/references", references)
    times[f"references ({len(found or [])} links)"] = [server.request("textDocument/references", references)[1] for _ in range(max(1, runs // 2))]
    memory = server.memory()
    server.stop()
    return times, memory


def main(arguments):
    rounds, runs = 3, 11
    if "--rounds" in arguments:
        at = arguments.index("--rounds")
        rounds = int(arguments[at + 1])
        del arguments[at:at + 2]
    if "--runs" in arguments:
        at = arguments.index("--runs")
        runs = int(arguments[at + 1])
        del arguments[at:at + 2]
    vault, binaries = os.path.abspath(arguments[0]), arguments[1:]
    manifest = {}
    if os.path.exists(vault + "/.manifest.json"):
        manifest = json.load(open(vault + "/.manifest.json"))
    elif os.path.exists(vault + ".manifest.json"):
        manifest = json.load(open(vault + ".manifest.json"))
    target = manifest.get("mostLinked", {}).get("path", "pages/Film run breakfast.md")
    title = os.path.basename(target)[:-3]
    caches = [tempfile.mkdtemp(prefix="vault-lsp-latency.") for _ in binaries]
    for binary, cache in zip(binaries, caches):
        # The first run fills the build's cache.
        server = Server(binary, vault, cache)
        server.request("initialize", {"processId": None, "rootUri": uri(vault), "capabilities": {}})
        server.notify("initialized", {})
        server.request("workspace/symbol", {"query": "a"})
        server.stop()
    results = [({}, []) for _ in binaries]
    for _ in range(rounds):
        for (times, memories), binary, cache in zip(results, binaries, caches):
            found, memory = round_of(binary, vault, cache, target, title, runs)
            for key, values in found.items():
                times.setdefault(key, []).extend(values)
            memories.append(memory)
    print(f"{vault}, {rounds} rounds interleaved, load: {os.getloadavg()[0]:.2f}")
    print("| | " + " | ".join(binaries) + " |")
    print("| --- |" + " ---: |" * len(binaries))
    for key in results[0][0]:
        cells = []
        for times, _ in results:
            values = times.get(key, [])
            cells.append(f"{min(values):.1f}–{statistics.median(values):.1f} ms" if values else "")
        print(f"| {key} | " + " | ".join(cells) + " |")
    print("| resident memory (now, peak) | " + " | ".join(
        f"{max(m[0] for m in memories)} MB, {max(m[1] for m in memories)} MB" for _, memories in results) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
