"""Drives `vault mcp` with the official Python SDK, as an agent's host would, and prints one
line per step for the Swift test (MCPClientTests) to check.

Usage: client.py VAULT-BINARY VAULT-FOLDER
"""

import asyncio
import os
import sys

import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def text_of(result):
    return "".join(block.text for block in result.content if getattr(block, "type", "") == "text")


async def call(session, name, arguments):
    result = await session.call_tool(name, arguments)
    status = "error" if result.is_error else "ok"
    structured = "structured" if result.structured_content is not None else "text-only"
    print(f"call {name}: {status} {structured}")
    if result.is_error:
        print(f"  message: {text_of(result)}")
    return result


async def main(binary, vault):
    environment = {key: os.environ[key] for key in ("PATH", "HOME", "XDG_CACHE_HOME", "VAULT_NOW", "VAULT_TODAY") if key in os.environ}
    server = StdioServerParameters(command=binary, args=["--vault", vault, "mcp"], env=environment)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            print(f"protocol: {initialized.protocol_version}")
            print(f"server: {initialized.server_info.name}")
            await session.send_ping()
            print("ping: ok")

            tools = await session.list_tools()
            print("tools: " + " ".join(sorted(tool.name for tool in tools.tools)))
            print("output schemas: " + str(sum(1 for tool in tools.tools if tool.output_schema)))

            resources = []
            cursor = None
            pages = 0
            while True:
                page = await session.list_resources(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
                pages += 1
                resources += page.resources
                cursor = page.next_cursor
                if not cursor:
                    break
            print(f"resources: {len(resources)} in {pages} page(s)")
            templates = await session.list_resource_templates()
            print("template: " + templates.resource_templates[0].uri_template)
            home = next(resource for resource in resources if str(resource.uri).endswith("pages/Errands.md"))
            read = await session.read_resource(home.uri)
            print("read resource: " + str(home.uri) + " " + ("ok" if "lentils" in read.contents[0].text else "wrong"))

            await call(session, "search", {"query": "lentil", "mode": "exact", "limit": 3})
            await call(session, "find", {"query": "kyoto"})
            note = await call(session, "read_note", {"note": "pages/Errands.md", "startLine": 1, "endLine": 5})
            print("read_note lines: " + str(note.structured_content["endLine"]))
            await call(session, "list_notes", {"folder": "inbox"})
            await call(session, "backlinks", {"note": "Vault CLI"})
            await call(session, "links", {"note": "Home"})
            await call(session, "tags", {})
            tasks = await call(session, "tasks", {"note": "pages/Errands.md"})
            await call(session, "check", {})
            await call(session, "capture", {"text": "Call the plumber about the boiler"})
            await call(session, "append", {"note": "pages/Errands.md", "text": "- [ ] bulbs"})
            await call(session, "create_note", {"title": "Garden plan", "folder": "pages/Projects"})
            await call(session, "journal", {"day": "2026-11-30", "text": "- met Ana"})
            await call(session, "journal", {"day": "2026-11-30"})
            reference = tasks.structured_content["tasks"][0]["ref"]
            await call(session, "set_task_state", {"ref": reference, "action": "done"})
            plan = await call(session, "rename_note", {"note": "Garden plan", "newTitle": "Garden", "skipUnavailable": True})
            await call(session, "apply", {"planId": plan.structured_content["planId"]})
            plan = await call(session, "move", {"source": "pages/Projects/Garden.md", "destination": "inbox/", "skipUnavailable": True})
            await call(session, "apply", {"planId": plan.structured_content["planId"]})
            await call(session, "trash", {"note": "inbox/Garden.md"})
            again = await call(session, "apply", {"planId": plan.structured_content["planId"]})
            print("done")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
