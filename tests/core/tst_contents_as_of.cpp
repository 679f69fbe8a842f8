// "Contents as of" (docs/scoring.md#contents-as-of): a store (a file, and a team store:
// EngineStore.h) changed over several instants by adds, edits, a negation with its
// correction, a merge, deletes, a restore, a purge, an undo and an import; a copy of the
// store taken (VACUUM INTO; copy-store from a team store) at each
// instant equals, field by field, the contents core::ContentsAsOf rebuilds from the events
// at that instant. Then what the log cannot take back: rows written without an event, and a
// folder sync's change that did not keep the fields before, are said, not invented.
#include "EngineStore.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "engine/review/ContentsAsOf.h"
#include "engine/review/ContentsDiff.h"
#include "engine/review/PastSnapshot.h"
#include "io/ImportOperation.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "model/MemoryFields.h"
#include "store/Database.h"
#include "store/EventLog.h"
#include "store/MemoryRepository.h"
#include "store/StoreCopy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const Millis kT0 = *time::fromIso(QStringLiteral("2026-05-01T09:00:00Z"));
Millis hour(double h) { return kT0 + Millis(h * double(kMsPerHour)); }

Memory memory(const QString &id, const QString &content, const QString &category)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = category;
    m.keywords = { QStringLiteral("deploy"), category };
    return m;
}

/// The first field that differs, as "id: field: copy … rebuilt …"; empty when all are equal.
QString firstDifference(const std::vector<Memory> &copy, const std::vector<Memory> &rebuilt)
{
    if (copy.size() != rebuilt.size()) {
        QStringList a, b;
        for (const Memory &m : copy)
            a << m.id;
        for (const Memory &m : rebuilt)
            b << m.id;
        return QStringLiteral("the copy holds [%1], the rebuild [%2]").arg(a.join(QLatin1Char(',')), b.join(QLatin1Char(',')));
    }
    for (std::size_t i = 0; i < copy.size(); ++i) {
        const QJsonObject x = MemoryFields::toJson(copy[i]);
        const QJsonObject y = MemoryFields::toJson(rebuilt[i]);
        for (const QString &key : MemoryFields::keys()) {
            if (x.value(key) != y.value(key))
                return QStringLiteral("%1: %2: the copy has %3, the rebuild %4")
                    .arg(copy[i].id, key, QString::fromUtf8(QJsonDocument(QJsonArray { x.value(key) }).toJson(QJsonDocument::Compact)),
                         QString::fromUtf8(QJsonDocument(QJsonArray { y.value(key) }).toJson(QJsonDocument::Compact)));
        }
        if (!(copy[i] == rebuilt[i]))
            return QStringLiteral("%1 differs outside its JSON fields").arg(copy[i].id);
    }
    return {};
}

} // namespace

class TestContentsAsOf : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    Config m_config = Config::defaults();
    QTemporaryDir m_copies;

    void decide(test::EngineStore &s, const std::function<Result<DecisionOutcome>(Decisions &)> &step)
    {
        Decisions d(*s, m_config);
        const auto r = step(d);
        QVERIFY2(r.ok(), r ? "" : qPrintable(r.error().message));
    }

    /// A copy of the live store through SQLite (never a file copy of a store in use); of a
    /// team store, the copy File ▸ Copy Store makes into a file.
    QString copyOf(test::EngineStore &s, const QString &name)
    {
        const QString path = m_copies.filePath(test::EngineFixture::current() + QLatin1Char('-') + name);
        if (test::EngineFixture::onServer()) {
            auto copied = StoreCopy::copyStore(s.path(), path, {});
            if (!copied)
                qFatal("copy-store failed: %s", qPrintable(copied.error().message));
            return path;
        }
        QSqlQuery q(s->database().handle());
        const QString quoted = QString(path).replace(QLatin1Char('\''), QStringLiteral("''"));
        if (!q.exec(QStringLiteral("VACUUM INTO '%1'").arg(quoted)))
            qFatal("VACUUM INTO failed: %s", qPrintable(q.lastError().text()));
        return path;
    }

    static std::vector<Memory> memoriesIn(const QString &path)
    {
        Database::Options readOnly;
        readOnly.readOnly = true;
        auto store = Store::open(path, readOnly);
        if (!store)
            qFatal("cannot open the copy: %s", qPrintable(store.error().message));
        auto all = (*store)->memories().all(true);
        std::vector<Memory> out = all ? *all : std::vector<Memory> {};
        std::sort(out.begin(), out.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
        return out;
    }

    Result<io::ImportOutcome> importAt(test::EngineStore &s, Millis at)
    {
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        Memory changed = memory(QStringLiteral("c"), QStringLiteral("Deploys go out on Tuesdays and Thursdays"), QStringLiteral("fact"));
        changed.createdAt = changed.updatedAt = changed.lastReinforcedAt = hour(1);
        Memory added = memory(QStringLiteral("imp"), QStringLiteral("The staging cluster is called blue"), QStringLiteral("fact"));
        added.createdAt = added.updatedAt = added.lastReinforcedAt = at;
        set.memories = { changed, added };
        const QString file = m_copies.filePath(QStringLiteral("incoming.json"));
        if (!io::MemorySetJson::writeFile(file, set))
            return Error::make(Error::Code::Io, QStringLiteral("writing the set"));
        auto read = io::MemorySetReader::read(file);
        if (!read)
            return read.error();
        const io::ImportOperation operation(*s, m_config, at);
        auto plan = operation.preview(*read);
        if (!plan)
            return plan.error();
        return operation.apply(*read, *plan, io::ImportPolicy::all(io::ImportAction::Overwrite));
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void rebuiltContentsEqualCopiesTakenThen()
    {
        test::EngineStore s(m_engines);
        std::vector<std::pair<Millis, QString>> copies;
        auto copyAt = [&](double h) { copies.emplace_back(hour(h), copyOf(s, QStringLiteral("at-%1.recollector").arg(h))); };
        copyAt(0.5); // empty
        decide(s, [](Decisions &d) { return d.create(memory(QStringLiteral("a"), QStringLiteral("Deploys need a green build"), QStringLiteral("rule")), hour(1)); });
        decide(s, [](Decisions &d) { return d.create(memory(QStringLiteral("b"), QStringLiteral("The user likes tabs"), QStringLiteral("preference")), hour(1)); });
        decide(s, [](Decisions &d) { return d.create(memory(QStringLiteral("c"), QStringLiteral("Deploys go out on Tuesdays"), QStringLiteral("fact")), hour(1)); });
        decide(s, [](Decisions &d) { return d.create(memory(QStringLiteral("e"), QStringLiteral("The build takes nine minutes"), QStringLiteral("fact")), hour(1)); });
        copyAt(1.5);
        decide(s, [](Decisions &d) {
            MemoryEdit edit;
            edit.content = QStringLiteral("Deploys need a green build and a review");
            edit.importance = 2.5;
            return d.edit(QStringLiteral("a"), edit, hour(2), QStringLiteral("assistant"));
        });
        decide(s, [](Decisions &d) {
            MemoryEdit edit;
            edit.keywords = QStringList { QStringLiteral("indent"), QStringLiteral("tabs") };
            edit.category = QStringLiteral("style");
            edit.name = QStringLiteral("Indentation");
            return d.edit(QStringLiteral("b"), edit, hour(2));
        });
        decide(s, [](Decisions &d) { return d.reinforce(QStringLiteral("c"), ReinforceEvent::TaskSuccess, hour(2.2)); });
        copyAt(2.5);
        decide(s, [](Decisions &d) { return d.negate(QStringLiteral("b"), QStringLiteral("The user likes spaces, four of them"), hour(3)); });
        decide(s, [](Decisions &d) { return d.merge({ QStringLiteral("a"), QStringLiteral("e") }, {}, hour(3.2)); });
        copyAt(3.5);
        decide(s, [](Decisions &d) { return d.softDelete(QStringLiteral("c"), hour(4)); });
        decide(s, [](Decisions &d) { return d.softDelete(QStringLiteral("e"), hour(4.1)); });
        decide(s, [](Decisions &d) { return d.purge(QStringLiteral("e"), hour(4.2), QStringLiteral("user"), true); });
        copyAt(4.5);
        decide(s, [](Decisions &d) { return d.restore(QStringLiteral("c"), hour(5)); });
        copyAt(5.5);
        const auto imported = importAt(s, hour(6));
        QVERIFY2(imported.ok(), imported ? "" : qPrintable(imported.error().message));
        copyAt(6.5);
        // The undo of a decision is a decision too (a revert with its own before and after).
        decide(s, [&](Decisions &d) { return d.setPermanent(QStringLiteral("c"), true, hour(7)); });
        decide(s, [&](Decisions &d) {
            auto perm = s->events().forMemory(QStringLiteral("c"), { events::kPermanent });
            return d.revert(perm->back().id, hour(7.5));
        });
        copyAt(8);

        for (const auto &[at, path] : copies) {
            const auto rebuilt = ContentsAsOf::rebuild(*s, at);
            QVERIFY2(rebuilt.ok(), rebuilt ? "" : qPrintable(rebuilt.error().message));
            QVERIFY2(rebuilt->inexact.isEmpty(), qPrintable(time::toIso(at)));
            QCOMPARE(rebuilt->unrecordedCreations, 0);
            const auto all = rebuilt->all(*s);
            QVERIFY(all.ok());
            const QString diff = firstDifference(memoriesIn(path), *all);
            QVERIFY2(diff.isEmpty(), qPrintable(time::toIso(at) + QStringLiteral(": ") + diff));
        }
        // The steps did change things: the copies are not all alike.
        QCOMPARE(memoriesIn(copies.front().second).size(), std::size_t(0));
        QCOMPARE(memoriesIn(copies.back().second).size(), std::size_t(6)); // a, b, c, b's correction, the merge, imp

        // The window's table at 3.5 h: e is there (purged since), imp is not (imported later).
        const auto past = PastSnapshot::loadFile(s.path(), m_config, hour(3.5));
        QVERIFY2(past.ok(), past ? "" : qPrintable(past.error().message));
        const MemorySnapshot &snap = past->snapshot;
        const auto e = snap.rowOf(QStringLiteral("e"));
        QVERIFY(e != MemorySnapshot::kNoRow && !snap.has(e, MemorySnapshot::Removed));
        const auto imp = snap.rowOf(QStringLiteral("imp"));
        QVERIFY(imp != MemorySnapshot::kNoRow && snap.has(imp, MemorySnapshot::Removed));
        QCOMPARE(snap.contentPreview(snap.rowOf(QStringLiteral("c"))), QStringLiteral("Deploys go out on Tuesdays"));
        QCOMPARE(snap.liveCount(), memoriesIn(copies[3].second).size()); // the copy at 3.5 h

        // Two dates compared: b edited between 1.5 h and 2.5 h (keywords, category, name).
        const auto from = ContentsAsOf::rebuild(*s, hour(1.5));
        const auto to = ContentsAsOf::rebuild(*s, hour(2.5));
        const auto b = ContentsDiff::of(*s, *from, *to, QStringLiteral("b"));
        QVERIFY(b.ok() && b->has_value());
        QCOMPARE((*b)->kind, ContentsDiff::Kind::Changed);
        QCOMPARE((*b)->before.value(QStringLiteral("category")).toString(), QStringLiteral("preference"));
        QCOMPARE((*b)->after.value(QStringLiteral("category")).toString(), QStringLiteral("style"));
        const auto imported6 = ContentsDiff::of(*s, *to, *ContentsAsOf::rebuild(*s, hour(6.5)), QStringLiteral("imp"));
        QVERIFY(imported6.ok() && imported6->has_value());
        QCOMPARE((*imported6)->kind, ContentsDiff::Kind::Added);
        QCOMPARE((*imported6)->after.value(QStringLiteral("content")).toString(), QStringLiteral("The staging cluster is called blue"));
    }

    void whatTheLogCannotTakeBackIsSaid()
    {
        test::EngineStore s(m_engines);
        decide(s, [](Decisions &d) { return d.create(memory(QStringLiteral("a"), QStringLiteral("Deploys need a green build"), QStringLiteral("rule")), hour(1)); });
        // Rows written without an event (as `recollector-cli generate` writes them): one dated
        // before the instant, one after.
        Memory early = memory(QStringLiteral("gen-early"), QStringLiteral("Written in bulk, dated early"), QStringLiteral("fact"));
        early.createdAt = early.updatedAt = hour(0.2);
        Memory late = memory(QStringLiteral("gen-late"), QStringLiteral("Written in bulk, dated late"), QStringLiteral("fact"));
        late.createdAt = late.updatedAt = hour(5);
        QVERIFY(s->memories().insert(early));
        QVERIFY(s->memories().insert(late));
        // A folder sync that read a's file changed without keeping the fields before.
        Memory changed = *s->memories().get(QStringLiteral("a"));
        changed.content = QStringLiteral("Deploys need a green build, said the file");
        QVERIFY(s->memories().update(changed));
        Event sync { 0, QStringLiteral("a"), events::kImport, QStringLiteral("assistant"), hour(3),
                     QJsonObject { { QStringLiteral("fromFile"), QStringLiteral("deploys.md") }, { QStringLiteral("change"), QStringLiteral("changed") } } };
        QVERIFY(s->events().append(sync));

        const auto c = ContentsAsOf::rebuild(*s, hour(2));
        QVERIFY(c.ok());
        QCOMPARE(c->inexact.value(QStringLiteral("a")), sync.id);
        QCOMPARE(c->unrecordedCreations, 1);
        QCOMPARE(c->unrecordedLeftOut, 1);
        QVERIFY(c->absent.contains(QStringLiteral("gen-late")));
        const auto all = c->all(*s);
        QStringList ids;
        for (const Memory &m : *all)
            ids << m.id;
        QCOMPARE(ids, (QStringList { QStringLiteral("a"), QStringLiteral("gen-early") }));
        // Shown as far as it goes: the text the file wrote (nothing says what it was before).
        QCOMPARE(all->front().content, QStringLiteral("Deploys need a green build, said the file"));
    }

    void aMemoryPlacedByItsCreationDateAloneIsApproximate()
    {
        test::EngineStore s(m_engines);
        // Three rows written without an event: one never touched since, one edited later by a
        // decision (which keeps what it said before), one confirmed before the instant (an event
        // before it: its being there does not rest on its date alone).
        for (const char *id : { "bulk", "bulk-edited", "bulk-seen" }) {
            Memory m = memory(QString::fromLatin1(id), QStringLiteral("Written in bulk: %1").arg(QLatin1String(id)), QStringLiteral("fact"));
            m.createdAt = m.updatedAt = hour(0.2);
            QVERIFY(s->memories().insert(m));
        }
        decide(s, [](Decisions &d) { return d.create(memory(QStringLiteral("recorded"), QStringLiteral("Deploys need a green build"), QStringLiteral("rule")), hour(1)); });
        decide(s, [](Decisions &d) { return d.confirm(QStringLiteral("bulk-seen"), hour(1)); });
        for (const char *id : { "bulk-edited", "bulk-seen", "recorded" }) {
            decide(s, [id](Decisions &d) {
                MemoryEdit e;
                e.content = QStringLiteral("Rewritten: %1").arg(QLatin1String(id));
                return d.edit(QString::fromLatin1(id), e, hour(4), QStringLiteral("assistant"));
            });
        }
        const QStringList ids { QStringLiteral("bulk"), QStringLiteral("bulk-edited"), QStringLiteral("bulk-seen"), QStringLiteral("recorded") };
        const auto from = ContentsAsOf::rebuild(*s, hour(2));
        const auto to = ContentsAsOf::rebuild(*s, hour(6));
        QVERIFY(from.ok() && to.ok());
        const auto undated = from->undated(*s, ids);
        QVERIFY(undated.ok());
        QCOMPARE(*undated, (QSet<QString> { QStringLiteral("bulk"), QStringLiteral("bulk-edited") }));
        QVERIFY(to->undated(*s, { QStringLiteral("recorded") })->isEmpty());

        // Two dates: the edited rows differ; the one placed by its date alone is approximate.
        const auto diffs = ContentsDiff::ofAll(*s, *from, *to, ids);
        QVERIFY(diffs.ok());
        QCOMPARE(diffs->size(), std::size_t(4));
        QVERIFY(!(*diffs)[0].has_value()); // untouched: the same at both
        QVERIFY((*diffs)[1].has_value() && !(*diffs)[1]->exact);
        QVERIFY((*diffs)[2].has_value() && (*diffs)[2]->exact);
        QVERIFY((*diffs)[3].has_value() && (*diffs)[3]->exact);
        QCOMPARE((*diffs)[1]->before.value(QStringLiteral("content")).toString(), QStringLiteral("Written in bulk: bulk-edited"));
        // One by one gives the same as all at once.
        for (std::size_t i = 0; i < std::size_t(ids.size()); ++i) {
            const auto one = ContentsDiff::of(*s, *from, *to, ids[qsizetype(i)]);
            QVERIFY(one.ok());
            QCOMPARE(one->has_value(), (*diffs)[i].has_value());
            if (one->has_value()) {
                QCOMPARE((*one)->before, (*diffs)[i]->before);
                QCOMPARE((*one)->after, (*diffs)[i]->after);
                QCOMPARE((*one)->exact, (*diffs)[i]->exact);
            }
        }
        // Rebuilt for a few memories only (changes --between): the same contents for them.
        const QSet<QString> only { QStringLiteral("bulk-edited"), QStringLiteral("recorded") };
        const auto partial = ContentsAsOf::rebuild(*s, hour(2), &only);
        QVERIFY(partial.ok());
        for (const QString &id : only) {
            const auto whole = from->memory(*s, id);
            const auto part = partial->memory(*s, id);
            QVERIFY(whole.ok() && part.ok() && whole->has_value() && part->has_value());
            QVERIFY2(**whole == **part, qPrintable(id));
        }
        QVERIFY(!partial->past.contains(QStringLiteral("bulk-seen"))); // not asked for: not rebuilt
    }
};

QTEST_GUILESS_MAIN(TestContentsAsOf)
#include "tst_contents_as_of.moc"
