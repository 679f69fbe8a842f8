#include "mcp/McpTools.h"

#include "attach/AttachedDecision.h"
#include "engine/decisions/Proposals.h"

#include "mcp/MemoryView.h"
#include "mcp/ToolArguments.h"
#include "mcp/ToolCatalog.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"

#include <algorithm>
#include <optional>

namespace recollector::core::mcp {

McpTools::McpTools(Store &store, const Config &config, const QString &profileName, Clock clock)
    : m_store(store), m_config(config), m_profileName(profileName), m_profile(makeProfile(profileName, config)),
      m_clock(std::move(clock))
{
    if (!m_profile)
        m_profile = makeProfile(QStringLiteral("ebbinghaus"), config);
    m_recall = std::make_unique<AssistantRecall>(m_store, m_config, *m_profile);
}

McpTools::~McpTools() = default;

QJsonObject McpTools::view(const Memory &memory, Millis now) const
{
    return MemoryView::toJson(memory, *m_profile, m_config, now);
}

ToolOutcome McpTools::call(const QString &name, const QJsonObject &arguments)
{
    ToolArguments args(name, arguments, ToolCatalog::argumentsOf(name));
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    // get and list_recent only read; every other tool records something (recall its accesses).
    if (m_folder.isEmpty() || name == QLatin1String("get") || name == QLatin1String("list_recent"))
        return dispatch(name, args);
    // The decision and the write-back of the files it changes commit together, or neither
    // (docs/formats.md#writing-back): a tool that fails rolls back with the transaction.
    std::optional<ToolOutcome> outcome;
    auto written = attach::AttachedDecision::run(m_store, m_folder, m_clock(), [&]() -> Status {
        outcome = dispatch(name, args);
        if (outcome->kind != ToolOutcome::Kind::Ok)
            return Error::make(Error::Code::Cancelled, outcome->message);
        return {};
    });
    if (outcome && outcome->kind != ToolOutcome::Kind::Ok)
        return *outcome;
    if (!outcome) // the transaction did not begin (another writer held the store too long)
        return ToolOutcome::toolError(written ? QString() : written.error().message);
    if (!written)
        return ToolOutcome::toolError(QStringLiteral("%1: the attached folder's file could not be written, so nothing was "
                                                     "recorded or written: %2")
                                          .arg(name, written.error().message));
    // A clash or an unreadable file: the decision stands in Recollector, the file waits.
    if (!written->problems.isEmpty())
        outcome->message += QStringLiteral(" The attached folder: %1.").arg(written->problems.join(QStringLiteral("; ")));
    return *outcome;
}

ToolOutcome McpTools::dispatch(const QString &name, ToolArguments &args)
{
    if (name == QLatin1String("remember"))
        return remember(args);
    if (name == QLatin1String("recall"))
        return recall(args);
    if (name == QLatin1String("reinforce"))
        return reinforce(args);
    if (name == QLatin1String("forget"))
        return forget(args);
    if (name == QLatin1String("list_recent"))
        return listRecent(args);
    if (name == QLatin1String("get"))
        return get(args);
    return ToolOutcome::invalidParams(QStringLiteral("Unknown tool: %1").arg(name.left(80)));
}

ToolOutcome McpTools::memoryResult(const QString &id, const QString &message, QJsonObject extra)
{
    auto memory = m_store.memories().get(id);
    if (!memory)
        return ToolOutcome::toolError(memory.error().message);
    extra.insert(QStringLiteral("memory"), view(*memory, m_clock()));
    return ToolOutcome::ok(message, extra);
}

ToolOutcome McpTools::recall(ToolArguments &args)
{
    const auto query = args.requiredString(QStringLiteral("query"));
    const QString project = args.optionalString(QStringLiteral("project")).value_or(QString());
    const int limit = args.optionalInt(QStringLiteral("limit"), 1, AssistantRecall::kMaxLimit, AssistantRecall::kDefaultLimit);
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    auto recalled = m_recall->recall(*query, project, limit, m_clock());
    if (!recalled)
        return ToolOutcome::toolError(recalled.error().message);
    const int n = int(recalled->results.size());
    QString message = n == 0 ? QStringLiteral("Nothing recalled for \"%1\".").arg(query->left(200))
                             : QStringLiteral("%1 memor%2 recalled.").arg(n).arg(n == 1 ? QStringLiteral("y") : QStringLiteral("ies"));
    return ToolOutcome::ok(message, {{QStringLiteral("queryKeywords"), QJsonArray::fromStringList(recalled->queryKeywords)},
                                     {QStringLiteral("results"), recalled->results}});
}

ToolOutcome McpTools::get(ToolArguments &args)
{
    const auto id = args.requiredString(QStringLiteral("id"));
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    // A memory the assistant proposed is not one yet: say so, with what it would hold.
    if (auto exists = m_store.memories().contains(*id); exists && !*exists) {
        auto pending = Proposals::pendingFor(m_store, *id);
        if (!pending)
            return ToolOutcome::toolError(pending.error().message);
        if (!pending->empty() && pending->front().action == Proposal::Action::Create)
            return ToolOutcome::ok(QStringLiteral("%1 is pending the user's approval: it is not remembered until the user "
                                                  "accepts it in Recollector (Review > Changes).")
                                       .arg(*id),
                                   {{QStringLiteral("id"), *id},
                                    {QStringLiteral("pendingApproval"), true},
                                    {QStringLiteral("memory"), view(pending->front().memory, m_clock())}});
    }
    return memoryResult(*id, QStringLiteral("Memory %1.").arg(*id));
}

ToolOutcome McpTools::listRecent(ToolArguments &args)
{
    const int limit = args.optionalInt(QStringLiteral("limit"), 1, 100, 10);
    if (!args.ok())
        return ToolOutcome::invalidParams(args.error());
    std::vector<Memory> newest;
    const auto newer = [](const Memory &a, const Memory &b) {
        return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;
    };
    const Status scanned = m_store.memories().forEach(
        [&](const Memory &m) {
            newest.push_back(m);
            std::push_heap(newest.begin(), newest.end(), newer);
            if (int(newest.size()) > limit) {
                std::pop_heap(newest.begin(), newest.end(), newer);
                newest.pop_back();
            }
            return true;
        },
        false);
    if (!scanned)
        return ToolOutcome::toolError(scanned.error().message);
    std::sort(newest.begin(), newest.end(), newer);
    const Millis now = m_clock();
    QJsonArray items;
    for (const Memory &m : newest)
        items.append(view(m, now));
    return ToolOutcome::ok(QStringLiteral("%1 most recent memories.").arg(items.size()),
                           {{QStringLiteral("memories"), items}});
}

} // namespace recollector::core::mcp
