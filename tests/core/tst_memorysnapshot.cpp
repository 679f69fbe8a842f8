// The table's columnar snapshot: the bulk loader reads what the repository wrote, scores match
// the profile's evaluate(Memory), and the view's filter and sort agree with a naive reference.
#include "TempStore.h"

#include "scoring/ScoringProfile.h"
#include "snapshot/MemorySnapshot.h"
#include "snapshot/SnapshotLoader.h"
#include "snapshot/SnapshotView.h"
#include "snapshot/StoreChanges.h"

#include <QSqlQuery>
#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z

Memory makeMemory(int i)
{
    Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 3, 10, QLatin1Char('0')), kT0 - Millis(i) * kMsPerHour);
    m.content = QStringLiteral("Memory number %1 about %2").arg(i).arg(i % 2 ? QStringLiteral("TypeScript") : QStringLiteral("咖啡 coffee"));
    m.category = i % 3 == 0 ? QStringLiteral("pitfall") : QStringLiteral("preference");
    m.keywords = {QStringLiteral("k%1").arg(i % 5), QStringLiteral("shared")};
    m.projectPath = i % 4 == 0 ? QString() : QStringLiteral("/work/app");
    m.source.type = i % 2 ? QStringLiteral("task") : QStringLiteral("manual");
    m.verified = i % 7 == 0;
    m.permanent = i == 5;
    m.negated = i == 6;
    m.sensitivity = i % 4;
    if (i == 8)
        m.deletedAt = kT0;
    return m;
}

} // namespace

class TestMemorySnapshot : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
    Config m_config = Config::defaults();
    static constexpr int kCount = 40;

private Q_SLOTS:
    void init()
    {
        m_store = std::make_unique<test::TempStore>();
        for (int i = 0; i < kCount; ++i)
            QVERIFY((*m_store)->memories().insert(makeMemory(i)));
    }

    void loaderReadsEveryRowAsTheRepositoryWroteIt()
    {
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY2(snap, snap ? "" : qPrintable(snap.error().message));
        QCOMPARE(snap->size(), std::size_t(kCount));
        QCOMPARE(snap->liveCount(), std::size_t(kCount));
        for (int i = 0; i < kCount; ++i) {
            const Memory m = makeMemory(i);
            const std::uint32_t row = snap->rowOf(m.id);
            QVERIFY(row != MemorySnapshot::kNoRow);
            QCOMPARE(snap->id(row), m.id);
            QCOMPARE(snap->contentPreview(row), m.content);
            QCOMPARE(snap->category(row), m.category);
            QCOMPARE(snap->keywords(row), m.keywords.join(QStringLiteral(", ")));
            QCOMPARE(snap->project(row), m.projectPath);
            QCOMPARE(snap->sourceType(row), m.source.type);
            QCOMPARE(snap->has(row, MemorySnapshot::Verified), m.verified);
            QCOMPARE(snap->has(row, MemorySnapshot::Permanent), m.permanent);
            QCOMPARE(snap->has(row, MemorySnapshot::Negated), m.negated);
            QCOMPARE(snap->has(row, MemorySnapshot::Deleted), m.isDeleted());
            QCOMPARE(snap->sensitivity(row), m.sensitivity);
            const ScoreInput expected = ScoreInput::from(m, m_config);
            QCOMPARE(snap->input(row).lastReinforcedAt, expected.lastReinforcedAt);
            QCOMPARE(snap->input(row).stability, expected.stability);
            QCOMPARE(snap->input(row).categoryIndex, expected.categoryIndex);
            QCOMPARE(snap->input(row).permanent, expected.permanent);
        }
        QCOMPARE(snap->rowOf(QStringLiteral("nope")), MemorySnapshot::kNoRow);
    }

    void rowsOfFindsWhatRowOfFinds()
    {
        // The grouped lookup (groups of 16, prefetched) against one id at a time: every id,
        // ids that are not there, an empty one, and a count that is not a multiple of 16.
        auto loaded = SnapshotLoader::load(**m_store, m_config, {});
        QVERIFY(loaded.ok());
        const MemorySnapshot &snap = *loaded;
        std::vector<std::string> ids;
        for (std::size_t row = snap.size(); row-- > 0;) {
            ids.emplace_back(snap.idBytes(row));
            ids.push_back(std::string(snap.idBytes(row)) + "-missing");
        }
        ids.emplace_back();
        ids.emplace_back("m");
        QCOMPARE(ids.size() % 16 == 0, false);
        const std::vector<std::string_view> views(ids.begin(), ids.end());
        std::vector<std::uint32_t> rows(views.size(), 12345);
        snap.rowsOf(views, rows);
        for (std::size_t i = 0; i < views.size(); ++i)
            QCOMPARE(rows[i], snap.rowOf(views[i]));
        QCOMPARE(rows.front(), std::uint32_t(snap.size() - 1));
        QCOMPARE(rows[1], MemorySnapshot::kNoRow);
        MemorySnapshot empty;
        empty.rowsOf(std::span(views.data(), 3), std::span(rows.data(), 3));
        QCOMPARE(rows[0], MemorySnapshot::kNoRow);
    }

    void rowsOfQStringIdsFindsWhatRowOfFinds()
    {
        // The ids as the store reads them: ASCII ones go through one buffer, any other alone,
        // and each comes back in its own place.
        MemorySnapshot snap;
        SnapshotRecord r;
        QStringList ids;
        for (int i = 0; i < 40; ++i) {
            Memory m = makeMemory(i);
            m.id = i % 3 == 0 ? QStringLiteral("记忆-%1").arg(i) : i % 3 == 1 ? QStringLiteral("mém-%1").arg(i) : m.id;
            MemorySnapshot::recordFrom(m, m_config, r);
            snap.append(r);
            ids << m.id << m.id + QStringLiteral("-missing") << QStringLiteral("é") + m.id;
        }
        ids << QString() << QString(200, QLatin1Char('a'));
        std::vector<const QString *> asked;
        for (const QString &id : ids)
            asked.push_back(&id);
        const std::vector<std::uint32_t> rows = snap.rowsOf(asked);
        QCOMPARE(rows.size(), std::size_t(ids.size()));
        for (qsizetype i = 0; i < ids.size(); ++i)
            QCOMPARE(rows[std::size_t(i)], snap.rowOf(ids[i]));
        QCOMPARE(rows[0], 0u);
        QCOMPARE(rows[3], 1u);
        QCOMPARE(rows[6], 2u);
        QCOMPARE(rows[1], MemorySnapshot::kNoRow);
        QCOMPARE(rows[2], MemorySnapshot::kNoRow);
        QCOMPARE(MemorySnapshot().rowsOf(asked), std::vector<std::uint32_t>(asked.size(), MemorySnapshot::kNoRow));
    }

    void partialLoadStopsAtTheLimit()
    {
        SnapshotLoader::Options options;
        options.limit = 10;
        auto first = SnapshotLoader::load(m_store->store(), m_config, options);
        QVERIFY(first);
        QCOMPARE(first->size(), std::size_t(10));
        options.afterRowid = first->maxRowid();
        options.limit = -1;
        auto rest = SnapshotLoader::loadFile(m_store->path(), m_config, options);
        QVERIFY2(rest, rest ? "" : qPrintable(rest.error().message));
        QCOMPARE(rest->size(), std::size_t(kCount - 10));
    }

    void keywordsWithEscapesAreDecoded()
    {
        Memory m = makeMemory(100);
        m.keywords = {QStringLiteral("say \"hi\""), QStringLiteral("back\\slash")};
        QVERIFY((*m_store)->memories().insert(m));
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        QCOMPARE(snap->keywords(snap->rowOf(m.id)), QStringLiteral("say \"hi\", back\\slash"));
    }

    void textStartingWithAByteOrderMarkKeepsIt()
    {
        // The snapshot reads names as UTF-8; QString::fromUtf8 dropped a leading U+FEFF, so the
        // table showed another category than the store holds. (Written here with SQL: a text
        // bound through Qt Sql loses it before it is stored, as SQLite's bind_text16 takes a
        // leading U+FEFF for a byte order mark.)
        QVERIFY((*m_store)->memories().insert(makeMemory(104)));
        QSqlQuery q((*m_store)->database().handle());
        QVERIFY(q.exec(QStringLiteral("UPDATE memories SET category = char(65279) || 'work', "
                                      "extra = json_object('name', char(65279) || 'Marked') WHERE id = 'mem_104'")));
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const auto row = snap->rowOf(QStringLiteral("mem_104"));
        const QString mark(QChar(0xFEFF));
        QCOMPARE(snap->category(row), mark + QStringLiteral("work"));
        QCOMPARE(snap->name(row), mark + QStringLiteral("Marked"));
    }

    void namesAndDescriptionsAreReadForTheRowsThatHaveThem()
    {
        // A Claude Code memory keeps its front matter's name and description in extra.
        Memory named = makeMemory(101);
        named.extra.insert(QStringLiteral("name"), QStringLiteral("Zeta build notes"));
        named.extra.insert(QStringLiteral("description"), QStringLiteral("How the project builds"));
        QVERIFY((*m_store)->memories().insert(named));
        Memory other = makeMemory(102);
        other.extra.insert(QStringLiteral("name"), QStringLiteral("Alpha style"));
        QVERIFY((*m_store)->memories().insert(other));
        // Another program left extra that is not JSON: the row loads, without a name.
        Memory broken = makeMemory(103);
        QVERIFY((*m_store)->memories().insert(broken));
        QSqlQuery q((*m_store)->database().handle());
        QVERIFY(q.exec(QStringLiteral("UPDATE memories SET extra = '{not json' WHERE id = 'mem_103'")));

        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        QVERIFY(snap->hasTitles());
        const auto row = snap->rowOf(named.id);
        QCOMPARE(snap->name(row), QStringLiteral("Zeta build notes"));
        QCOMPARE(snap->description(row), QStringLiteral("How the project builds"));
        QCOMPARE(snap->name(snap->rowOf(other.id)), QStringLiteral("Alpha style"));
        QVERIFY(snap->description(snap->rowOf(other.id)).isEmpty());
        QCOMPARE(snap->rowOf(QStringLiteral("mem_103")) == MemorySnapshot::kNoRow, false);
        QVERIFY(snap->name(snap->rowOf(QStringLiteral("mem_103"))).isEmpty());
        QVERIFY(snap->name(snap->rowOf(QStringLiteral("mem_001"))).isEmpty());

        // Sorted by name: the named ones last in ascending order, Alpha before Zeta.
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        SnapshotView view(&*snap);
        view.evaluate(*profile, kT0);
        view.setSort(SortKey::Name, false);
        view.rebuild();
        const std::size_t n = view.visibleCount();
        QVERIFY(n >= 2);
        QCOMPARE(snap->id(view.rowAt(n - 2)), other.id);
        QCOMPARE(snap->id(view.rowAt(n - 1)), named.id);

        // A decision's record (recordFrom) carries them too; dropping the name clears it.
        SnapshotRecord record;
        named.extra.remove(QStringLiteral("name"));
        named.extra.remove(QStringLiteral("description"));
        MemorySnapshot::recordFrom(named, m_config, record);
        snap->replace(row, record);
        QVERIFY(snap->name(row).isEmpty());
    }

    void scoresMatchTheProfile()
    {
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        SnapshotView view(&*snap);
        const Millis now = kT0 + 24 * kMsPerHour;
        view.evaluate(*profile, now);
        for (int i = 0; i < kCount; ++i) {
            const Memory m = makeMemory(i);
            const Score expected = profile->evaluate(m, now);
            const std::uint32_t row = snap->rowOf(m.id);
            QCOMPARE(view.strength(row), expected.strength);
            QCOMPARE(view.tier(row), expected.tier);
        }
        // The ebbinghaus design's oracle: stability 24 h, decay rate 1, 24 h later → 37 (memory 0, not pitfall).
        QCOMPARE(view.strength(snap->rowOf(QStringLiteral("mem_000"))), 37.0);
        const auto counts = view.tierCounts();
        qint64 total = 0;
        for (qint64 c : counts)
            total += c;
        QCOMPARE(total, qint64(kCount - 1)); // the deleted one is left out
        QCOMPARE(counts[int(Tier::Permanent)], qint64(1));
    }

    void filter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("expected");
        // Review mode hides only the deleted memory (8).
        QTest::newRow("all, review") << QString() << int(SnapshotFilter::Mode::Review) << kCount - 1;
        QTest::newRow("all, debug") << QString() << int(SnapshotFilter::Mode::Debug) << kCount;
        QTest::newRow("case-insensitive") << QStringLiteral("typescript") << int(SnapshotFilter::Mode::Debug) << kCount / 2;
        QTest::newRow("CJK") << QStringLiteral("咖啡") << int(SnapshotFilter::Mode::Debug) << kCount / 2;
        QTest::newRow("keyword") << QStringLiteral("k3") << int(SnapshotFilter::Mode::Debug) << kCount / 5;
        QTest::newRow("two terms") << QStringLiteral("k3 COFFEE") << int(SnapshotFilter::Mode::Debug) << 4;
        QTest::newRow("no match across fields") << QStringLiteral("coffee\nk3") << int(SnapshotFilter::Mode::Debug) << 4;
        QTest::newRow("missing") << QStringLiteral("zebra") << int(SnapshotFilter::Mode::Debug) << 0;
    }

    void filter()
    {
        QFETCH(QString, text);
        QFETCH(int, mode);
        QFETCH(int, expected);
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        SnapshotView view(&*snap);
        view.evaluate(*profile, kT0);
        SnapshotFilter f;
        f.text = text;
        f.mode = SnapshotFilter::Mode(mode);
        view.setFilter(f);
        view.rebuild();
        QCOMPARE(int(view.visibleCount()), expected);
    }

    void normalModeHidesNegatedAndDeleted()
    {
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        SnapshotView view(&*snap);
        view.evaluate(*profile, kT0);
        SnapshotFilter f;
        f.mode = SnapshotFilter::Mode::Normal;
        view.setFilter(f);
        view.rebuild();
        QCOMPARE(view.positionOf(snap->rowOf(QStringLiteral("mem_006"))), qint64(-1)); // negated
        QCOMPARE(view.positionOf(snap->rowOf(QStringLiteral("mem_008"))), qint64(-1)); // deleted
        QVERIFY(view.positionOf(snap->rowOf(QStringLiteral("mem_005"))) >= 0);
        for (std::uint32_t row : view.order())
            QVERIFY(view.tier(row) != Tier::Forgotten);

        f.mode = SnapshotFilter::Mode::Review;
        f.categories = {QStringLiteral("pitfall")};
        f.projects = {QString()};
        f.verified = true;
        view.setFilter(f);
        view.rebuild();
        for (std::uint32_t row : view.order()) {
            QCOMPARE(snap->category(row), QStringLiteral("pitfall"));
            QVERIFY(snap->project(row).isEmpty());
            QVERIFY(snap->has(row, MemorySnapshot::Verified));
        }
        QCOMPARE(int(view.visibleCount()), 1); // memory 0: i % 3 == 0, i % 4 == 0, i % 7 == 0 → 0 only (8 is deleted)
    }

    void sort_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("descending");
        for (SortKey key : {SortKey::Strength, SortKey::Content, SortKey::Category, SortKey::Created, SortKey::Id,
                            SortKey::Tier, SortKey::Project, SortKey::None}) {
            QTest::addRow("key %d asc", int(key)) << int(key) << false;
            QTest::addRow("key %d desc", int(key)) << int(key) << true;
        }
    }

    void sort()
    {
        QFETCH(int, key);
        QFETCH(bool, descending);
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        SnapshotView view(&*snap);
        view.evaluate(*profile, kT0 + 12 * kMsPerHour);
        view.setSort(SortKey(key), descending);
        view.rebuild();
        QCOMPARE(int(view.visibleCount()), kCount - 1);
        // The order is sorted by the view's own comparison, and agrees with a reference value.
        for (std::size_t i = 1; i < view.visibleCount(); ++i) {
            const std::uint32_t a = view.rowAt(i - 1), b = view.rowAt(i);
            QVERIFY(!view.lessThan(b, a));
            if (SortKey(key) == SortKey::Strength)
                QVERIFY(descending ? view.strength(a) >= view.strength(b) : view.strength(a) <= view.strength(b));
            if (SortKey(key) == SortKey::Id)
                QVERIFY(descending ? snap->id(a) > snap->id(b) : snap->id(a) < snap->id(b));
            if (SortKey(key) == SortKey::Created)
                QVERIFY(descending ? snap->input(a).createdAt >= snap->input(b).createdAt
                                   : snap->input(a).createdAt <= snap->input(b).createdAt);
        }
    }

    void incrementalInsertKeepsTheOrder()
    {
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        SnapshotView view(&*snap);
        view.evaluate(*profile, kT0);
        view.setSort(SortKey::Strength, true);
        view.rebuild();
        // Reinforce the weakest memory in the store and move it as the table model does.
        const std::uint32_t weakest = view.rowAt(view.visibleCount() - 1);
        Memory m = *(*m_store)->memories().get(snap->id(weakest));
        m.lastReinforcedAt = kT0;
        QVERIFY((*m_store)->memories().update(m));
        const qint64 oldPosition = view.findPosition(weakest);
        QCOMPARE(oldPosition, qint64(view.visibleCount() - 1));
        auto touched = snap->refresh(m_store->store(), m_config, {m.id});
        QVERIFY(touched);
        QCOMPARE(touched->size(), std::size_t(1));
        view.evaluateRows(*profile, kT0, *touched);
        view.updateKey(weakest);
        const std::size_t target = view.insertionPointExcluding(std::size_t(oldPosition), weakest);
        view.removeAt(std::size_t(oldPosition));
        view.insertAt(target, weakest);
        QCOMPARE(view.strength(weakest), 100.0);
        for (std::size_t i = 1; i < view.visibleCount(); ++i)
            QVERIFY(!view.lessThan(view.rowAt(i), view.rowAt(i - 1)));
    }

    void refreshAppendsAndRemoves()
    {
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const Memory added = makeMemory(200);
        QVERIFY((*m_store)->memories().insert(added));
        QVERIFY((*m_store)->memories().remove(QStringLiteral("mem_001")));
        auto touched = snap->refresh(m_store->store(), m_config, {added.id, QStringLiteral("mem_001")});
        QVERIFY(touched);
        QCOMPARE(touched->size(), std::size_t(2));
        QCOMPARE(snap->size(), std::size_t(kCount + 1));
        QCOMPARE(snap->liveCount(), std::size_t(kCount));
        QVERIFY(snap->has(snap->rowOf(QStringLiteral("mem_001")), MemorySnapshot::Removed));
        QCOMPARE(snap->contentPreview(snap->rowOf(added.id)), added.content);
        QVERIFY(snap->rowid(snap->rowOf(added.id)) > 0);
    }

    void storeChangesNameTheMemoriesOfNewEvents()
    {
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        QCOMPARE(snap->lastEventId(), qint64(0));
        Event e;
        e.memoryId = QStringLiteral("mem_002");
        e.kind = events::kConfirm;
        e.at = kT0;
        QVERIFY((*m_store)->events().append(e));
        auto changes = StoreChanges::since(m_store->store(), snap->lastEventId());
        QVERIFY(changes);
        QCOMPARE(changes->ids, QStringList{QStringLiteral("mem_002")});
        QCOMPARE(changes->lastEventId, e.id);
        QCOMPARE(changes->memoryCount, qint64(kCount));
    }

    /// A row of ASCII text keeps its text once: it is shown from its lower-cased search text
    /// with its capitals put back (at a million generated memories the second copy was about
    /// 140 MB of the window's memory). A row with other characters keeps both. Either way the
    /// preview, the keywords and the search text read as before, a long content included.
    void anAsciiRowKeepsItsTextOnce()
    {
        constexpr int kRows = 2000;
        MemorySnapshot ascii;
        MemorySnapshot accented;
        SnapshotRecord r;
        std::size_t contentBytes = 0;
        const auto contentOf = [](int i, const QString &tail) {
            return QStringLiteral("The Deploy of Release %1 runs on Friday after the Tests%2").arg(i).arg(tail);
        };
        for (int i = 0; i < kRows; ++i) {
            Memory m = makeMemory(i);
            m.keywords = {QStringLiteral("Deploy"), QStringLiteral("friday")};
            m.content = contentOf(i, i == 7 ? QString(400, QLatin1Char('X')) : QString());
            contentBytes += std::size_t(m.content.size());
            MemorySnapshot::recordFrom(m, m_config, r);
            ascii.append(r);
            m.content = contentOf(i, QStringLiteral(" café"));
            MemorySnapshot::recordFrom(m, m_config, r);
            accented.append(r);
        }
        for (const std::uint32_t row : {0u, 1u, 7u, std::uint32_t(kRows - 1)}) {
            const QString content = contentOf(int(row), row == 7 ? QString(400, QLatin1Char('X')) : QString());
            QCOMPARE(ascii.contentPreview(row), content.left(qsizetype(MemorySnapshot::kPreviewBytes)));
            QCOMPARE(ascii.keywords(row), QStringLiteral("Deploy, friday"));
            QCOMPARE(ascii.searchText(row), std::string_view((content.toLower() + QStringLiteral("\ndeploy, friday")).toStdString()));
            QCOMPARE(accented.contentPreview(row), contentOf(int(row), QStringLiteral(" café")));
            QCOMPARE(accented.keywords(row), QStringLiteral("Deploy, friday"));
        }
        QVERIFY2(accented.memoryUse() >= ascii.memoryUse() + contentBytes,
                 qPrintable(QStringLiteral("%1 vs %2").arg(accented.memoryUse()).arg(ascii.memoryUse())));
    }

    void previewIsCutOnACharacterBoundary()
    {
        Memory m = makeMemory(300);
        m.content = QString(200, QChar(0x5496)); // 咖 ×200 = 600 bytes of UTF-8
        QVERIFY((*m_store)->memories().insert(m));
        auto snap = SnapshotLoader::load(m_store->store(), m_config, {});
        QVERIFY(snap);
        const QString preview = snap->contentPreview(snap->rowOf(m.id));
        QCOMPARE(preview.size(), qsizetype(MemorySnapshot::kPreviewBytes / 3));
        QVERIFY(!preview.contains(QChar::ReplacementCharacter));
        // The search text keeps all of it.
        QCOMPARE(snap->searchText(snap->rowOf(m.id)).size(), std::size_t(600 + 1 + m.keywords.join(", ").size()));
    }
};

QTEST_GUILESS_MAIN(TestMemorySnapshot)
#include "tst_memorysnapshot.moc"
