#include "mcp/ToolCatalog.h"

#include "engine/decisions/Reinforcement.h"

namespace recollector::core::mcp {

namespace {

QJsonObject text(const QString &description) { return {{"type", "string"}, {"description", description}}; }

QJsonObject integer(int min, int max, int fallback, const QString &description)
{
    return {{"type", "integer"}, {"minimum", min}, {"maximum", max}, {"default", fallback}, {"description", description}};
}

/// The `seen` argument of a decision tool (docs/team-store.md#many-writers).
QJsonObject seen(const QString &done)
{
    return text(QStringLiteral("The memory's updatedAt as recall or get last showed it. When given, the memory is %1 "
                               "only if no one changed it since; otherwise nothing is written and the answer says who "
                               "changed it and how.")
                    .arg(done));
}

QJsonObject schema(const QJsonObject &properties, const QStringList &required)
{
    QJsonObject s{{"type", "object"}, {"properties", properties}, {"additionalProperties", false}};
    if (!required.isEmpty())
        s.insert("required", QJsonArray::fromStringList(required));
    return s;
}

QJsonObject tool(const QString &name, const QString &title, const QString &description, const QJsonObject &input,
                 bool readOnly)
{
    return {{"name", name},
            {"title", title},
            {"description", description},
            {"inputSchema", input},
            {"annotations", QJsonObject{{"readOnlyHint", readOnly}, {"destructiveHint", false}, {"openWorldHint", false}}}};
}

QJsonArray build()
{
    const QJsonObject id = text("A memory id (mem_…), as remember, recall or list_recent gave it.");
    QJsonArray tools;
    tools.append(tool(
        "remember", "Remember",
        "Store a long-term memory (a fact, preference or decision). A near-duplicate of an existing memory "
        "reinforces it instead; a contradiction with an existing memory is recorded as a conflict for the user. "
        "When the user reviews the assistant's changes first (approval mode), the memory is proposed and waits "
        "for their approval; the answer says so.",
        schema({{"content", text("What to remember, one self-contained statement.")},
                {"keywords", QJsonObject{{"type", "array"}, {"items", QJsonObject{{"type", "string"}}},
                                         {"description", "Topic words; derived from the content when omitted."}}},
                {"category", text("fact, preference, decision, … (default: fact).")},
                {"project", text("The project path it applies to; omit for a global memory.")},
                {"importance", QJsonObject{{"type", "number"}, {"minimum", 0}, {"maximum", 1000000},
                                           {"description", "How much it matters (default 1.0; 3.0 and above is core)."}}}},
               {"content"}),
        false));
    tools.append(tool("recall", "Recall",
                      "Recall the memories relevant to a query, strongest first, each with its strength, tier and why "
                      "it was recalled. Never returns corrected, deleted or faded memories.",
                      schema({{"query", text("A few words about what to recall.")},
                              {"project", text("The project the question is asked from (its memories rank higher).")},
                              {"limit", integer(1, 50, 10, "Most results.")}},
                             {"query"}),
                      false));
    tools.append(tool("reinforce", "Reinforce",
                      "Tell the memory store that a memory was used: it decays more slowly afterwards.",
                      schema({{"id", id},
                              {"event", QJsonObject{{"type", "string"},
                                                    {"enum", QJsonArray::fromStringList(Reinforcement::eventNames())},
                                                    {"description", "What happened: task_success, task_failure, "
                                                                    "manual (said again), access, association_hit."}}},
                              {"seen", seen("reinforced")}},
                             {"id", "event"}),
                      false));
    tools.append(tool("forget", "Forget",
                      "Delete a memory that is wrong or no longer useful (a soft delete the user can undo). In approval "
                      "mode it is proposed and waits for the user's approval.",
                      schema({{"id", id},
                              {"seen", seen("forgotten")}},
                             {"id"}),
                      false));
    tools.append(tool("list_recent", "List recent memories", "The most recently created memories, newest first.",
                      schema({{"limit", integer(1, 100, 10, "Most memories.")}}, {}), true));
    tools.append(tool("get", "Get a memory", "One memory by id, with its current strength and tier.",
                      schema({{"id", id}}, {"id"}), true));
    return tools;
}

} // namespace

const QJsonArray &ToolCatalog::tools()
{
    static const QJsonArray kTools = build();
    return kTools;
}

QStringList ToolCatalog::argumentsOf(const QString &name)
{
    for (const QJsonValue &t : tools()) {
        if (t[QStringLiteral("name")].toString() == name)
            return t[QStringLiteral("inputSchema")][QStringLiteral("properties")].toObject().keys();
    }
    return {};
}

bool ToolCatalog::contains(const QString &name)
{
    for (const QJsonValue &t : tools()) {
        if (t[QStringLiteral("name")].toString() == name)
            return true;
    }
    return false;
}

} // namespace recollector::core::mcp
