// recollector-cli mcp, the tools (docs/cli.md, "mcp"), through the real process on a real store
// (a file, a team store) while this test holds its own connection to the same store (as the
// window does): remember is MemoryCapture::add with actor assistant, a near-duplicate
// reinforces instead, a contradiction becomes an open conflict the answer names; recall is
// normal-mode retrieval (never negated, superseded, deleted or weak) that records the access;
// reinforce and forget are assistant decisions the user can undo; get and list_recent only read.
#include "EngineStore.h"
#include "McpProcess.h"

#include "engine/decisions/Decisions.h"
#include "engine/decisions/MemoryEdit.h"
#include "model/Event.h"

#include <QJsonArray>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::McpProcess;
using test::structuredOf;

class TestMcpTools : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;

    static QJsonObject remember(McpProcess &mcp, const QString &content, const QStringList &keywords,
                                const QString &category = QStringLiteral("fact"))
    {
        const QJsonObject result = mcp.callTool(QStringLiteral("remember"),
                                                {{QStringLiteral("content"), content},
                                                 {QStringLiteral("keywords"), QJsonArray::fromStringList(keywords)},
                                                 {QStringLiteral("category"), category}});
        return structuredOf(result);
    }
    static QStringList recalledIds(McpProcess &mcp, const QString &query)
    {
        const QJsonObject result = mcp.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), query}});
        QStringList ids;
        for (const QJsonValue &r : structuredOf(result).value(QStringLiteral("results")).toArray())
            ids << r[QStringLiteral("id")].toString();
        return ids;
    }
    static QStringList actorsOf(Store &store, const QString &id, const QString &kind)
    {
        QStringList actors;
        const auto history = store.events().forMemory(id);
        if (!history)
            return {QStringLiteral("error: ") + history.error().message};
        for (const Event &e : *history) {
            if (e.kind == kind)
                actors << e.actor;
        }
        return actors;
    }
    /// The payload's `key` of each `kind` event of memory `id`, oldest first.
    static QStringList payloadValues(Store &store, const QString &id, const QString &kind, const QString &key)
    {
        QStringList values;
        const auto history = store.events().forMemory(id);
        if (!history)
            return {QStringLiteral("error: ") + history.error().message};
        for (const Event &e : *history) {
            if (e.kind == kind)
                values << e.payload.value(key).toString();
        }
        return values;
    }

private slots:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void rememberAddsAMemoryAsTheAssistant()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QJsonObject added = remember(mcp, QStringLiteral("The API server is written in Go"),
                                           {QStringLiteral("api"), QStringLiteral("server"), QStringLiteral("go")});
        QCOMPARE(added.value(QStringLiteral("action")).toString(), QStringLiteral("created"));
        const QString id = added.value(QStringLiteral("id")).toString();
        const auto stored = store->memories().get(id);
        QVERIFY(stored.ok());
        QCOMPARE(stored->content, QStringLiteral("The API server is written in Go"));
        QCOMPARE(stored->source.type, QStringLiteral("conversation"));
        QCOMPARE(actorsOf(*store, id, events::kCreate), QStringList{QStringLiteral("assistant")});
        QCOMPARE(added[QStringLiteral("memory")][QStringLiteral("tier")].toString(), QStringLiteral("active"));
        // Keywords left out are derived from the content, as for the window's New.
        const QJsonObject derived = structuredOf(
            mcp.callTool(QStringLiteral("remember"), {{QStringLiteral("content"), QStringLiteral("Deployments happen on Fridays")}}));
        QVERIFY(!derived[QStringLiteral("memory")][QStringLiteral("keywords")].toArray().isEmpty());
        QCOMPARE(mcp.finish(), 0);
    }

    void aNearDuplicateIsReinforcedInstead()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QStringList keywords{QStringLiteral("editor"), QStringLiteral("vim"), QStringLiteral("keybindings"),
                                   QStringLiteral("terminal"), QStringLiteral("neovim")};
        const QString first = remember(mcp, QStringLiteral("User edits code in neovim"), keywords,
                                       QStringLiteral("preference"))[QStringLiteral("id")].toString();
        // 4 of 5 keywords shared (Jaccard 0.8), same category, and the same statement (the same
        // words but stop words, docs/scoring.md, "Same statement"): the same memory.
        const QJsonObject again = remember(mcp, QStringLiteral("The user edits code in Neovim."),
                                           keywords.mid(0, 4), QStringLiteral("preference"));
        QCOMPARE(again.value(QStringLiteral("action")).toString(), QStringLiteral("reinforced"));
        QCOMPARE(again.value(QStringLiteral("id")).toString(), first);
        QVERIFY(again.value(QStringLiteral("message")).toString().contains(QStringLiteral("reinforced")));
        QCOMPARE(*store->memories().count(), 1);
        QCOMPARE(store->memories().get(first)->reinforceCount, 1);
        QCOMPARE(actorsOf(*store, first, events::kReinforce), QStringList{QStringLiteral("assistant")});
        // More said than before: a statement of its own, though the keywords are the same.
        QCOMPARE(remember(mcp, QStringLiteral("The user codes in neovim with vim keybindings"), keywords,
                          QStringLiteral("preference"))[QStringLiteral("action")].toString(),
                 QStringLiteral("created"));
        // Another category, or 3 of 5 (0.6): a memory of its own.
        QCOMPARE(remember(mcp, QStringLiteral("neovim is installed"), keywords, QStringLiteral("fact"))[QStringLiteral("action")].toString(),
                 QStringLiteral("created"));
        QCOMPARE(remember(mcp, QStringLiteral("vim keybindings in the terminal"), keywords.mid(1, 3),
                          QStringLiteral("preference"))[QStringLiteral("action")].toString(),
                 QStringLiteral("created"));
        QCOMPARE(*store->memories().count(), 4);
        QCOMPARE(mcp.finish(), 0);
    }

    void anOppositeInstructionIsKeptAndOpensAConflict()
    {
        // Both texts hold a negation, with the same keywords: the newer one denies what the older
        // one asked for (docs/scoring.md, "Same statement", "Denied words"). It is stored, and
        // the pair is an open conflict: the user's latest instruction is never lost.
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QString older = remember(mcp, QStringLiteral("Use pnpm for installs, never npm"), {},
                                       QStringLiteral("preference"))[QStringLiteral("id")].toString();
        const QJsonObject answer = remember(mcp, QStringLiteral("Do not use pnpm for installs; use npm"), {},
                                            QStringLiteral("preference"));
        QCOMPARE(answer.value(QStringLiteral("action")).toString(), QStringLiteral("created"));
        const QString newer = answer.value(QStringLiteral("id")).toString();
        QVERIFY(newer != older);
        QCOMPARE(*store->memories().count(), 2);
        const auto open = store->conflicts().list(ConflictStatus::Open);
        QCOMPARE(open->size(), std::size_t(1));
        QCOMPARE(QSet<QString>({open->front().a, open->front().b}), QSet<QString>({older, newer}));
        // The same instruction said again is a restatement: reinforced, no third memory.
        const QJsonObject again = remember(mcp, QStringLiteral("Do not use pnpm for installs; use npm."), {},
                                           QStringLiteral("preference"));
        QCOMPARE(again.value(QStringLiteral("action")).toString(), QStringLiteral("reinforced"));
        QCOMPARE(again.value(QStringLiteral("id")).toString(), newer);
        QCOMPARE(*store->memories().count(), 2);
        QCOMPARE(mcp.finish(), 0);
    }

    void badArgumentsAreAToolErrorTheModelCanRead()
    {
        // Protocol 2025-11-25 (SEP-1303): arguments that do not fit come back as a tool result
        // with isError and what to send instead; a malformed request stays a JSON-RPC error.
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize(QStringLiteral("2025-11-25"));
        const QJsonObject missing = mcp.callTool(QStringLiteral("recall"), {});
        QCOMPARE(missing.value(QStringLiteral("isError")).toBool(), true);
        const QString text = missing[QStringLiteral("content")][0][QStringLiteral("text")].toString();
        QVERIFY2(text.contains(QStringLiteral("Instead, send {")) && text.contains(QStringLiteral("\"query\": text (required)")),
                 qPrintable(text));
        const QJsonObject badEvent = mcp.callTool(QStringLiteral("reinforce"), {{QStringLiteral("id"), QStringLiteral("x")},
                                                                               {QStringLiteral("event"), QStringLiteral("great")}});
        QCOMPARE(badEvent.value(QStringLiteral("isError")).toBool(), true);
        QVERIFY(badEvent[QStringLiteral("content")][0][QStringLiteral("text")].toString().contains(QStringLiteral("\"task_success\"")));
        QVERIFY(!mcp.lastAnswer().contains(QStringLiteral("error")));
        mcp.callTool(QStringLiteral("fly"), {});
        QCOMPARE(mcp.lastAnswer()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32602);
        QCOMPARE(mcp.finish(), 0);
    }

    void aContradictionIsRecordedAndReported()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QStringList keywords{QStringLiteral("coffee"), QStringLiteral("drinks")};
        const QString likes = remember(mcp, QStringLiteral("User likes coffee"), keywords,
                                       QStringLiteral("preference"))[QStringLiteral("id")].toString();
        // Same keywords and category but a negation between them: never a duplicate.
        const QJsonObject answer = remember(mcp, QStringLiteral("User does not like coffee"), keywords, QStringLiteral("preference"));
        QCOMPARE(answer.value(QStringLiteral("action")).toString(), QStringLiteral("created"));
        const QString dislikes = answer.value(QStringLiteral("id")).toString();
        QCOMPARE(answer.value(QStringLiteral("conflicts")).toArray().size(), 1);
        QVERIFY2(answer.value(QStringLiteral("message")).toString().contains(QStringLiteral("open conflict")),
                 qPrintable(answer.value(QStringLiteral("message")).toString()));
        const auto open = store->conflicts().list(ConflictStatus::Open);
        QCOMPARE(open->size(), std::size_t(1));
        QCOMPARE(QSet<QString>({open->front().a, open->front().b}), QSet<QString>({likes, dislikes}));
        // Each memory's record of it says which side of the conflict the memory is.
        QCOMPARE(payloadValues(*store, likes, events::kConflictDetected, QStringLiteral("role")),
                 QStringList{QStringLiteral("older")});
        QCOMPARE(payloadValues(*store, dislikes, events::kConflictDetected, QStringLiteral("role")),
                 QStringList{QStringLiteral("newer")});
        QCOMPARE(mcp.finish(), 0);
    }

    void recallReturnsOnlyCurrentStrongMemoriesAndRecordsTheAccess()
    {
        test::EngineStore store(m_engines);
        const Millis now = time::nowMs();
        auto plant = [&](const QString &id, auto change) {
            Memory m = test::sampleMemory(id, now - kMsPerHour);
            m.content = QStringLiteral("Release notes go in CHANGELOG.md (%1)").arg(id);
            m.keywords = {QStringLiteral("release"), QStringLiteral("changelog")};
            m.stability = 500;
            change(m);
            QVERIFY(store->memories().insert(m).ok());
        };
        plant(QStringLiteral("mem_live"), [](Memory &) {});
        plant(QStringLiteral("mem_superseded"), [](Memory &m) { m.superseded = true; });
        plant(QStringLiteral("mem_weak"), [&](Memory &m) {
            m.createdAt = m.lastReinforcedAt = m.updatedAt = now - 400 * kMsPerDay;
            m.stability = 24;
        });
        plant(QStringLiteral("mem_negated"), [](Memory &) {});
        plant(QStringLiteral("mem_forgotten"), [](Memory &) {});

        McpProcess mcp(store.path());
        mcp.initialize();
        QCOMPARE(recalledIds(mcp, QStringLiteral("release changelog")).size(), 3); // live, negated, forgotten
        // The user negates one in the window (this connection) while the server runs; the
        // assistant forgets another.
        Decisions decisions(*store, Config::defaults());
        QVERIFY(decisions.negate(QStringLiteral("mem_negated")).ok());
        QCOMPARE(structuredOf(mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), QStringLiteral("mem_forgotten")}}))
                     [QStringLiteral("memory")][QStringLiteral("deleted")].toBool(),
                 true);

        const QJsonObject result = mcp.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("release changelog")}});
        const QJsonArray results = structuredOf(result).value(QStringLiteral("results")).toArray();
        QCOMPARE(results.size(), 1);
        const QJsonObject hit = results.first().toObject();
        QCOMPARE(hit.value(QStringLiteral("id")).toString(), QStringLiteral("mem_live"));
        QVERIFY(hit.value(QStringLiteral("content")).toString().contains(QStringLiteral("CHANGELOG")));
        QVERIFY(hit.value(QStringLiteral("strength")).toDouble() > 50);
        QCOMPARE(hit.value(QStringLiteral("tier")).toString(), QStringLiteral("active"));
        // Why, word by word (docs/scoring.md, "Recall ranking").
        const QString why = hit.value(QStringLiteral("why")).toString();
        QVERIFY2(why.startsWith(QStringLiteral("matched words")) && why.contains(QStringLiteral("release "))
                     && why.contains(QStringLiteral("changelog ")),
                 qPrintable(why));
        // Two recalls, two accesses, both the assistant's.
        QCOMPARE(store->memories().get(QStringLiteral("mem_live"))->accessCount, 2);
        QCOMPARE(actorsOf(*store, QStringLiteral("mem_live"), events::kAccess),
                 (QStringList{QStringLiteral("assistant"), QStringLiteral("assistant")}));
        QCOMPARE(store->memories().get(QStringLiteral("mem_weak"))->accessCount, 0);

        // A memory another writer adds after the server's first recall is found too.
        Memory late = test::sampleMemory(QStringLiteral("mem_late"), now);
        late.keywords = {QStringLiteral("changelog"), QStringLiteral("format")};
        late.stability = 500;
        QVERIFY(decisions.create(late, now).ok());
        QVERIFY(recalledIds(mcp, QStringLiteral("changelog format")).contains(QStringLiteral("mem_late")));
        QCOMPARE(mcp.finish(), 0);
    }

    void reinforceAndForgetAreAssistantDecisionsTheUserCanUndo()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QString id = remember(mcp, QStringLiteral("Tests run with ctest"), {QStringLiteral("ctest"), QStringLiteral("tests")})
                               [QStringLiteral("id")].toString();
        const QJsonObject reinforced = structuredOf(
            mcp.callTool(QStringLiteral("reinforce"), {{QStringLiteral("id"), id}, {QStringLiteral("event"), QStringLiteral("task_success")}}));
        QCOMPARE(reinforced[QStringLiteral("memory")][QStringLiteral("reinforceCount")].toInt(), 1);
        QCOMPARE(store->memories().get(id)->reinforceCount, 1);
        QCOMPARE(actorsOf(*store, id, events::kReinforce), QStringList{QStringLiteral("assistant")});
        mcp.callTool(QStringLiteral("reinforce"), {{QStringLiteral("id"), id}, {QStringLiteral("event"), QStringLiteral("great")}});
        QCOMPARE(mcp.lastAnswer()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32602);

        QVERIFY(mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), id}}).value(QStringLiteral("isError")) == false);
        QVERIFY(store->memories().get(id)->isDeleted());
        const auto history = store->events().forMemory(id);
        const Event &deletion = history->back();
        QCOMPARE(deletion.kind, events::kDelete);
        QCOMPARE(deletion.actor, QStringLiteral("assistant"));
        // The user undoes it (as the window's undo does).
        Decisions decisions(*store, Config::defaults());
        QVERIFY(decisions.revert(deletion.id).ok());
        QVERIFY(!store->memories().get(id)->isDeleted());
        QCOMPARE(structuredOf(mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), id}}))
                     [QStringLiteral("memory")][QStringLiteral("deleted")].toBool(),
                 false);
        QCOMPARE(mcp.finish(), 0);
    }

    // docs/team-store.md#many-writers: forget with what the assistant saw (the memory's
    // updatedAt from get or recall) is refused, with who changed it and how, when someone
    // changed the memory since; with what it now shows, it goes through.
    void forgetOnAStaleViewIsRefusedWithWhoChangedIt()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QString id = remember(mcp, QStringLiteral("The staging server is staging-2"), {QStringLiteral("staging")})
                               [QStringLiteral("id")].toString();
        const auto seenNow = [&] {
            return structuredOf(mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), id}}))
                [QStringLiteral("memory")][QStringLiteral("updatedAt")].toString();
        };
        const QString seen = seenNow();
        QVERIFY(!seen.isEmpty());
        // The user corrects it meanwhile (as the window would).
        MemoryEdit edit;
        edit.content = QStringLiteral("The staging server is staging-3");
        QVERIFY(Decisions(*store, Config::defaults()).edit(id, edit, store->memories().get(id)->updatedAt + 1000).ok());

        const QJsonObject refused =
            mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), id}, {QStringLiteral("seen"), seen}});
        QVERIFY(refused.value(QStringLiteral("isError")).toBool());
        const QString said = refused[QStringLiteral("content")].toArray().first()[QStringLiteral("text")].toString();
        QVERIFY2(said.contains(QLatin1String("changed since")) && said.contains(QLatin1String("edited")), qPrintable(said));
        QVERIFY(!store->memories().get(id)->isDeleted());

        mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), id}, {QStringLiteral("seen"), QStringLiteral("yesterday")}});
        QCOMPARE(mcp.lastAnswer()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32602);
        QVERIFY(!store->memories().get(id)->isDeleted());

        const QJsonObject forgotten =
            mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), id}, {QStringLiteral("seen"), seenNow()}});
        QVERIFY(!forgotten.value(QStringLiteral("isError")).toBool());
        QVERIFY(store->memories().get(id)->isDeleted());
        QCOMPARE(mcp.finish(), 0);
    }

    // A view made stale by a contradiction found with a memory added since: the refusal says
    // who found it (the detection; on a team store, the role of the connection that added the
    // other memory), not which side of the conflict the memory is.
    void forgetAfterAContradictionSaysWhoFoundIt()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        const QStringList keywords{QStringLiteral("api"), QStringLiteral("server")};
        const QString id = remember(mcp, QStringLiteral("The API server is written in Go"), keywords)
                               [QStringLiteral("id")].toString();
        const QString seen = structuredOf(mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), id}}))
                                 [QStringLiteral("memory")][QStringLiteral("updatedAt")].toString();
        // Two values for what can have one: a direct contradiction, which takes confidence from
        // both memories and so changes the first.
        QCOMPARE(remember(mcp, QStringLiteral("The API server is written in Rust"), keywords)
                     [QStringLiteral("conflicts")].toArray().size(),
                 1);
        QCOMPARE(payloadValues(*store, id, events::kConflictDetected, QStringLiteral("type")),
                 QStringList{QStringLiteral("direct_contradiction")});

        const QJsonObject refused =
            mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), id}, {QStringLiteral("seen"), seen}});
        QVERIFY(refused.value(QStringLiteral("isError")).toBool());
        const QString said = refused[QStringLiteral("content")].toArray().first()[QStringLiteral("text")].toString();
        const QString who = test::EngineFixture::onServer() ? QLatin1String(test::PgTestServer::kUser)
                                                            : QStringLiteral("system");
        QVERIFY2(said.contains(QStringLiteral(": %1 found it contradicts another memory at ").arg(who)), qPrintable(said));
        QVERIFY(!store->memories().get(id)->isDeleted());
        QCOMPARE(mcp.finish(), 0);
    }

    void listRecentAndGetOnlyRead()
    {
        test::EngineStore store(m_engines);
        McpProcess mcp(store.path());
        mcp.initialize();
        QStringList ids;
        for (int i = 0; i < 4; ++i)
            ids << remember(mcp, QStringLiteral("Fact number %1 about topic%1").arg(i), {QStringLiteral("topic%1").arg(i)})
                       [QStringLiteral("id")].toString();
        mcp.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), ids[3]}});
        const qint64 eventsBefore = *store->events().count();
        const QJsonArray recent = structuredOf(mcp.callTool(QStringLiteral("list_recent"), {{QStringLiteral("limit"), 2}}))
                                      .value(QStringLiteral("memories"))
                                      .toArray();
        QCOMPARE(recent.size(), 2);
        QCOMPARE(recent[0][QStringLiteral("id")].toString(), ids[2]); // newest first, the forgotten one left out
        QCOMPARE(recent[1][QStringLiteral("id")].toString(), ids[1]);
        const QJsonObject got = structuredOf(mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), ids[0]}}));
        QCOMPARE(got[QStringLiteral("memory")][QStringLiteral("content")].toString(), QStringLiteral("Fact number 0 about topic0"));
        QCOMPARE(*store->events().count(), eventsBefore);
        QCOMPARE(store->memories().get(ids[0])->accessCount, 0);
        QCOMPARE(mcp.finish(), 0);
    }
};

QTEST_GUILESS_MAIN(TestMcpTools)
#include "tst_mcp_tools.moc"
