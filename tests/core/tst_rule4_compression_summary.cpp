// Issue 14, rule 4 (docs/scoring.md, "Compression"): compressing a memory keeps
// its original text in the `compress` event and replaces the content by an extractive
// summary of at most 200 words (400 CJK characters for Chinese text), the sentences carrying
// the memory's keywords first, and sets compressedFrom; undo restores the text byte for byte.
#include "engine/decisions/Decisions.h"
#include "engine/review/Cleanup.h"
#include "engine/text/ExtractiveSummary.h"
#include "scoring/ScoringProfile.h"
#include "store/MetaRepository.h"
#include "EngineStore.h"

#include <QTest>

using namespace recollector;
using namespace recollector::core;
using text::ExtractiveSummary;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

/// `count` English words "w1 w2 …", no terminator.
QString words(int count, const QString &stem = QStringLiteral("w"))
{
    QStringList out;
    for (int i = 1; i <= count; ++i)
        out << stem + QString::number(i);
    return out.join(QLatin1Char(' '));
}

/// `count` CJK characters (cycling through a short phrase).
QString hanzi(int count)
{
    const QString phrase = QStringLiteral("用户喜欢简洁的动作描写");
    QString out;
    for (int i = 0; i < count; ++i)
        out += phrase.at(i % phrase.size());
    return out;
}

/// Thirty ten-word filler sentences; sentence 25 (index 24) names vitest (300 words).
QString longEnglish()
{
    QStringList sentences;
    for (int i = 0; i < 30; ++i) {
        if (i == 24)
            sentences << QStringLiteral("The user always runs vitest before every commit they make.");
        else
            sentences << QStringLiteral("Filler sentence number %1 says nothing about the topic here.").arg(i, 2, 10, QLatin1Char('0'));
    }
    return sentences.join(QLatin1Char(' '));
}

} // namespace

class TestRule4CompressionSummary : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void sentences_data();
    void sentences();
    void limits_data();
    void limits();
    void keywordSentencesFirst();
    void chineseKeywordsFirst();
    void cutWhenNothingFits();
    void cleanupCompressesToSummary();
};

void TestRule4CompressionSummary::sentences_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow(". ! ?") << QStringLiteral("One. Two! Three? Four")
                           << QStringList{"One.", "Two!", "Three?", "Four"};
    QTest::newRow("。！？") << QStringLiteral("第一句。第二句！第三句？第四")
                          << QStringList{QStringLiteral("第一句。"), QStringLiteral("第二句！"), QStringLiteral("第三句？"),
                                         QStringLiteral("第四")};
    QTest::newRow("line breaks") << QStringLiteral("first line\nsecond line\n\nthird")
                                 << QStringList{"first line", "second line", "third"};
    QTest::newRow("3.5 and node.js stay whole") << QStringLiteral("Uses node.js 3.5 daily. Done")
                                                << QStringList{"Uses node.js 3.5 daily.", "Done"};
    QTest::newRow("terminator runs and quotes") << QStringLiteral("Really?! \"Yes.\" 好的。」然后")
                                                << QStringList{"Really?!", "\"Yes.\"", QStringLiteral("好的。」"),
                                                               QStringLiteral("然后")};
}

void TestRule4CompressionSummary::sentences()
{
    if (test::EngineFixture::onServer())
        QSKIP("text only, no store: the sqlite row covers it");
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(ExtractiveSummary::sentences(text), expected);
}

void TestRule4CompressionSummary::limits_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("unchanged");
    QTest::addColumn<int>("limit");
    QTest::newRow("short English stays") << QStringLiteral("Prefers vitest. Runs it often!") << true << 200;
    QTest::newRow("200 words stay") << words(100) + QStringLiteral(". ") + words(100, QStringLiteral("v")) + QStringLiteral(".")
                                    << true << 200;
    QTest::newRow("201 words shrink") << words(100) + QStringLiteral(". ") + words(101, QStringLiteral("v")) + QStringLiteral(".")
                                      << false << 200;
    QTest::newRow("short Chinese stays") << QStringLiteral("用户偏好短句。动作场景要快。") << true << 400;
    QTest::newRow("400 CJK characters stay") << hanzi(200) + QStringLiteral("。") + hanzi(200) + QStringLiteral("。")
                                             << true << 400;
    QTest::newRow("401 CJK characters shrink") << hanzi(200) + QStringLiteral("。") + hanzi(201) + QStringLiteral("。")
                                               << false << 400;
    QTest::newRow("Chinese with a few English words")
        << QStringLiteral("用户在 TypeScript 项目里") + hanzi(250) + QStringLiteral("。") + hanzi(250) + QStringLiteral("。")
        << false << 400;
}

void TestRule4CompressionSummary::limits()
{
    if (test::EngineFixture::onServer())
        QSKIP("text only, no store: the sqlite row covers it");
    QFETCH(QString, text);
    QFETCH(bool, unchanged);
    QFETCH(int, limit);
    QCOMPARE(ExtractiveSummary::limitFor(text), limit);
    const QString summary = ExtractiveSummary::summarize(text, {});
    if (unchanged) {
        QCOMPARE(summary, text); // exactly as it was
        return;
    }
    QVERIFY(summary != text);
    QVERIFY2(ExtractiveSummary::units(summary) <= limit,
             qPrintable(QStringLiteral("%1 units > %2").arg(ExtractiveSummary::units(summary)).arg(limit)));
    QVERIFY(ExtractiveSummary::units(summary) > 0);
    QVERIFY(text.startsWith(ExtractiveSummary::sentences(summary).front())); // taken from the text
}

void TestRule4CompressionSummary::keywordSentencesFirst()
{
    if (test::EngineFixture::onServer())
        QSKIP("text only, no store: the sqlite row covers it");
    const QString text = longEnglish();
    QCOMPARE(ExtractiveSummary::units(text), 300);
    const QString summary = ExtractiveSummary::summarize(text, {QStringLiteral("vitest")});
    const QStringList chosen = ExtractiveSummary::sentences(summary);
    // The keyword's sentence (the 25th) is in; nineteen fillers fit beside it (20 × 10 = 200).
    QVERIFY(summary.contains(QStringLiteral("runs vitest before every commit")));
    QCOMPARE(ExtractiveSummary::units(summary), 200);
    QCOMPARE(chosen.size(), 20);
    // Written in the original order: fillers 00…18, then the keyword sentence.
    QVERIFY(chosen.front().contains(QStringLiteral("number 00")));
    QVERIFY(chosen.at(18).contains(QStringLiteral("number 18")));
    QVERIFY(chosen.back().contains(QStringLiteral("vitest")));
    // Without the keyword, the first twenty sentences are kept and the vitest one is not.
    QVERIFY(!ExtractiveSummary::summarize(text, {}).contains(QStringLiteral("vitest")));
    // Keywords match whole words, case-insensitively ("test" is not in "vitest").
    QVERIFY(!ExtractiveSummary::summarize(text, {QStringLiteral("test")}).contains(QStringLiteral("vitest")));
    QVERIFY(ExtractiveSummary::summarize(text, {QStringLiteral("VITEST")}).contains(QStringLiteral("vitest")));
}

void TestRule4CompressionSummary::chineseKeywordsFirst()
{
    if (test::EngineFixture::onServer())
        QSKIP("text only, no store: the sqlite row covers it");
    // Five sentences of 100 characters + a short one with the keyword 暗流 at the end: 509 > 400.
    QString text;
    for (int i = 0; i < 5; ++i)
        text += hanzi(100) + QStringLiteral("。");
    text += QStringLiteral("《暗流》第七章偏好短句。");
    const QString summary = ExtractiveSummary::summarize(text, {QStringLiteral("暗流")});
    QVERIFY(ExtractiveSummary::units(summary) <= 400);
    QVERIFY(summary.endsWith(QStringLiteral("《暗流》第七章偏好短句。")));
    QCOMPARE(ExtractiveSummary::sentences(summary).size(), 4); // the keyword's + three fillers
    QVERIFY(!summary.contains(QLatin1Char(' '))); // Chinese sentences join without spaces
}

void TestRule4CompressionSummary::cutWhenNothingFits()
{
    if (test::EngineFixture::onServer())
        QSKIP("text only, no store: the sqlite row covers it");
    const QString text = words(250) + QStringLiteral(".");
    const QString summary = ExtractiveSummary::summarize(text, {});
    QCOMPARE(ExtractiveSummary::units(summary), 200);
    QVERIFY(summary.startsWith(QStringLiteral("w1 w2 ")));
    QVERIFY(summary.endsWith(QStringLiteral("w200") + QChar(0x2026)));
}

void TestRule4CompressionSummary::cleanupCompressesToSummary()
{
    test::EngineStore store(m_engines);
    QVERIFY(store->meta().setValue(MetaRepository::kProfile, QStringLiteral("lifecycle")).ok());
    const QString original = longEnglish() + QStringLiteral("\n");
    Memory m;
    m.id = QStringLiteral("mem_long");
    m.content = original;
    m.category = QStringLiteral("episode");
    m.keywords = {QStringLiteral("vitest")};
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase;
    QVERIFY(store->memories().insert(m).ok());

    // Twenty days untouched: e^(−2)·1.3 = 0.176 < 0.3 → compress (lifecycle).
    const Millis now = kBase + 20 * kMsPerDay;
    const Config config = Config::defaults();
    const auto profile = makeProfile(QStringLiteral("lifecycle"), config);
    Cleanup cleanup(*store, config, *profile);
    const auto plan = cleanup.plan(now);
    QVERIFY(plan.ok());
    QCOMPARE(plan->ids(CleanupKind::Compress), QStringList{m.id});
    const auto applied = cleanup.apply(*plan);
    QVERIFY2(applied.ok(), applied.ok() ? "" : qPrintable(applied.error().message));

    store.reopen(); // what is on disk
    auto after = store->memories().get(m.id);
    QVERIFY(after.ok());
    QVERIFY(after->compressed);
    QCOMPARE(after->level, MemoryLevel::Summary);
    QCOMPARE(after->compressedFrom, applied->decisionId);
    QVERIFY(ExtractiveSummary::units(after->content) <= ExtractiveSummary::kMaxWordUnits);
    QVERIFY(after->content.contains(QStringLiteral("runs vitest before every commit")));
    QCOMPARE(after->content, ExtractiveSummary::summarize(original, m.keywords));

    // The original text is in the compress event.
    const auto history = store->events().forMemory(m.id);
    QVERIFY(history.ok());
    QCOMPARE(history->back().kind, events::kCompress);
    const QJsonObject payload = history->back().payload;
    QCOMPARE(payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("content")).toString(), original);
    QCOMPARE(payload.value(QStringLiteral("decision")).toString(), applied->decisionId);

    // Undo restores it byte for byte.
    Decisions decisions(*store, config, QStringLiteral("lifecycle"));
    const auto undone = decisions.revert(applied->eventIds.front(), now + kMsPerHour);
    QVERIFY2(undone.ok(), undone.ok() ? "" : qPrintable(undone.error().message));
    store.reopen();
    auto restored = store->memories().get(m.id);
    QVERIFY(restored.ok());
    QCOMPARE(restored->content.toUtf8(), original.toUtf8());
    QVERIFY(!restored->compressed);
    QVERIFY(restored->compressedFrom.isEmpty());
    QCOMPARE(restored->level, MemoryLevel::Full);
}

QTEST_GUILESS_MAIN(TestRule4CompressionSummary)
#include "tst_rule4_compression_summary.moc"
