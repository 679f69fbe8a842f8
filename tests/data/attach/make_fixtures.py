#!/usr/bin/env python3
"""Writes the attach fixtures (docs/formats.md, "Attached folders"); deterministic, rerun to refresh.

agent-folder/: 50 agent memory files as the agent hub writes them (JSON.stringify(entry, null, 2),
MemoryEntry key order, no trailing newline): hot, longterm and permanent tiers, files not yet
migrated (no forgetting fields), superseded pairs, unknown fields, and one broken file.
claude-memory/: a Claude Code auto-memory folder of 20 Markdown files and a MEMORY.md index that
leaves one file out and names one file that does not exist.
"""
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CATEGORIES = ["pattern", "lesson", "preference", "pitfall", "tool"]
TOPICS = ["vitest", "pnpm", "docker compose", "eslint flat config", "rust clippy", "sqlite WAL",
          "git rebase", "tailwind", "postgres indexes", "python venv"]


def entry(i):
    mid = "%08x" % (0x1a2b0000 + i * 7919)
    day = 1 + i % 28
    e = {
        "id": mid,
        "content": "Use %s for %s work (note %d)" % (TOPICS[i % 10], ["tests", "builds", "deploys"][i % 3], i),
        "category": CATEGORIES[i % 5],
        "keywords": [TOPICS[i % 10].split()[0], ["tests", "builds", "deploys"][i % 3]],
        "source": {"type": ["task", "manual", "chat"][i % 3]},
        "confidence": round(0.5 + (i % 5) / 10, 2),
        "createdAt": "2025-03-%02dT09:%02d:00.000Z" % (day, i % 60),
        "updatedAt": "2025-04-%02dT10:%02d:00.000Z" % (day, i % 60),
        "accessCount": i % 7,
    }
    if i % 3 == 0:
        e["source"]["taskId"] = "task-%d" % (100 + i)
    if i % 4 == 0:
        e["lastAccessedAt"] = "2025-05-%02dT12:00:00.000Z" % day
    if i % 6 == 1:
        e["projectPath"] = "/home/dev/project-%d" % (i % 3)
    if i >= 10:  # the first ten are not migrated yet: no forgetting fields
        e["strength"] = 40 + i % 50
        e["stability"] = 24 * (1 + i % 5)
        e["lastReinforcedAt"] = "2025-04-%02dT10:%02d:00.000Z" % (day, i % 60)
        e["reinforceCount"] = i % 4
        e["decayRate"] = [0.5, 1, 1.5, 2][i % 4]
    if i >= 20:
        e["importance"] = 1 + i % 10
        e["tier"] = ["hot", "longterm", "permanent"][i % 3]
    if i % 5 == 2:
        e["tags"] = ["t%d" % (i % 3), "shared"]
    if i % 7 == 3:
        e["valence"] = {"polarity": "positive" if i % 2 else "negative", "intensity": round((i % 10) / 10, 1)}
    if i % 11 == 4:
        e["x-origin"] = {"tool": "agent-hub", "rev": i}
    return e


def agent_folder():
    out = os.path.join(HERE, "agent-folder")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    entries = [entry(i) for i in range(49)]
    # Superseded pairs: 40 is replaced by 41, 44 by 45, 47 by 48.
    for old, new in [(40, 41), (44, 45), (47, 48)]:
        entries[old]["superseded"] = True
        entries[new]["supersedesId"] = entries[old]["id"]
    for e in entries:
        with open(os.path.join(out, e["id"] + ".json"), "w", encoding="utf-8") as f:
            f.write(json.dumps(e, indent=2, ensure_ascii=False))
    # One broken file: cut off mid-way, as a crash during a non-atomic write leaves it.
    broken = json.dumps(entry(49), indent=2)
    with open(os.path.join(out, "%08x.json" % (0x1a2b0000 + 49 * 7919)), "w", encoding="utf-8") as f:
        f.write(broken[: len(broken) // 2])


def claude_memory():
    out = os.path.join(HERE, "claude-memory")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    types = ["user", "feedback", "project", "reference"]
    lines = ["# Memory index", ""]
    for i in range(20):
        name = "%s_%02d.md" % (types[i % 4], i)
        title = "%s note %d" % (types[i % 4].capitalize(), i)
        desc = "What to remember about %s" % TOPICS[i % 10]
        front = ["---", "name: %s" % title, "description: %s" % desc, "type: %s" % types[i % 4]]
        if i % 6 == 5:
            front.append("origin: imported-by-hand")  # an unknown key, kept on rewrite
        front.append("---")
        body = "Prefer %s when working on %s.\n\nWhy: it was agreed in session %d." % (
            TOPICS[i % 10], ["tests", "builds", "deploys"][i % 3], i)
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write("\n".join(front) + "\n\n" + body + "\n")
        if i != 13:  # left out of the index on purpose
            lines.append("- [%s](%s) — %s" % (title, name, desc))
    lines.append("- [Old deploy note](project_99.md) — the file was removed")
    with open(os.path.join(out, "MEMORY.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    agent_folder()
    claude_memory()
