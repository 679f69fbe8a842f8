// Word-level diff for the conflict dialog's highlighting (docs/architecture.md, "The window"):
// words, CJK characters, whitespace never marked on its own, neighbouring changes joined, exact
// UTF-16 spans.
#include "engine/text/TextDiff.h"

#include <QtTest>

using namespace recollector::core;

namespace {
QString u(const char *utf8) { return QString::fromUtf8(utf8); }
} // namespace

class TextDiffTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void words_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("plain") << u("Lin likes coffee.") << QStringList{"Lin", "likes", "coffee", "."};
        QTest::newRow("technical") << u("Use node.js, don't use c++ or pnpm-lock.yaml")
                                   << QStringList{"Use", "node.js", ",", "don't", "use", "c++", "or", "pnpm-lock.yaml"};
        QTest::newRow("cjk") << u("用户不再跑步") << QStringList{u("用"), u("户"), u("不"), u("再"), u("跑"), u("步")};
        QTest::newRow("mixed") << u("用户喜欢5公里run") << QStringList{u("用"), u("户"), u("喜"), u("欢"), "5", u("公"), u("里"), "run"};
        QTest::newRow("spaces only") << u("  \n\t ") << QStringList{};
        QTest::newRow("code") << u("`pnpm install --frozen-lockfile`")
                              << QStringList{"`", "pnpm", "install", "-", "-", "frozen-lockfile", "`"};
    }
    void words()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QCOMPARE(TextDiff::pieces(text, TextDiff::words(text)), expected);
    }

    void compare_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::addColumn<QStringList>("onlyLeft");
        QTest::addColumn<QStringList>("onlyRight");
        QTest::newRow("same") << u("Lin likes coffee") << u("Lin likes coffee") << QStringList{} << QStringList{};
        QTest::newRow("case and spacing do not count") << u("Lin  likes\ncoffee") << u("lin likes COFFEE")
                                                       << QStringList{} << QStringList{};
        QTest::newRow("negation inserted") << u("Lin likes coffee") << u("Lin no longer likes coffee")
                                           << QStringList{} << QStringList{"no longer"};
        QTest::newRow("replaced word") << u("recollector-web targets Node 18 now") << u("recollector-web targets Node 22 now")
                                       << QStringList{"18"} << QStringList{"22"};
        QTest::newRow("two separate changes") << u("Indent with 4 spaces in C++ code") << u("Indent with 2 spaces in web code")
                                              << QStringList{"4", "C++"} << QStringList{"2", "web"};
        QTest::newRow("chinese") << u("用户喜欢早上跑步") << u("用户不再早上跑步")
                                 << QStringList{u("喜欢")} << QStringList{u("不再")};
        QTest::newRow("chinese insertion") << u("主人喜欢猫") << u("主人不喜欢猫") << QStringList{} << QStringList{u("不")};
        QTest::newRow("one empty") << u("") << u("new text here") << QStringList{} << QStringList{"new text here"};
        QTest::newRow("all different") << u("alpha beta") << u("gamma delta") << QStringList{"alpha beta"}
                                       << QStringList{"gamma delta"};
    }
    void compare()
    {
        QFETCH(QString, left);
        QFETCH(QString, right);
        QFETCH(QStringList, onlyLeft);
        QFETCH(QStringList, onlyRight);
        const TextDifference d = TextDiff::compare(left, right);
        QCOMPARE(TextDiff::pieces(left, d.left), onlyLeft);
        QCOMPARE(TextDiff::pieces(right, d.right), onlyRight);
        QCOMPARE(d.identical(), onlyLeft.isEmpty() && onlyRight.isEmpty());
    }

    void spansAreUtf16IndicesAndNeverEdgeWhitespace()
    {
        const QString left = u("Lin 😀 likes coffee in the morning");
        const QString right = u("Lin 😀 drinks green tea in the morning");
        const TextDifference d = TextDiff::compare(left, right);
        QCOMPARE(d.left, (QList<TextSpan>{{7, 12}})); // "likes coffee" after a surrogate pair
        QCOMPARE(d.right, (QList<TextSpan>{{7, 16}}));
        QCOMPARE(d.commonWords, 5); // Lin 😀 in the morning
        for (const TextSpan &s : d.left + d.right) {
            const QString piece = (s.start == 7 && s.length == 12 ? left : right).mid(s.start, s.length);
            QCOMPARE(piece, piece.trimmed());
        }
    }

    void demoPairReadsRight()
    {
        // Two of the demo store's conflicting memories.
        const QString a = u("Lin likes drinking coffee in the morning, usually a flat white with oat milk.");
        const QString b = u("Lin no longer drinks coffee; he switched to green tea in the morning to sleep better.");
        const TextDifference d = TextDiff::compare(a, b);
        const QStringList onlyB = TextDiff::pieces(b, d.right);
        QVERIFY(onlyB.contains(u("no longer drinks")));
        QVERIFY(!onlyB.join(QLatin1Char(' ')).contains(u("coffee")));
        QVERIFY(!TextDiff::pieces(a, d.left).join(QLatin1Char(' ')).contains(u("morning")));
    }

    void hugeTextsFallBackToTheMiddle()
    {
        QString a;
        QString b;
        for (int i = 0; i < 3000; ++i) {
            a += QStringLiteral("w%1 ").arg(i);
            b += QStringLiteral("v%1 ").arg(i);
        }
        a = u("same start ") + a + u("same end");
        b = u("same start ") + b + u("same end");
        const TextDifference d = TextDiff::compare(a, b); // 9 million cells: no LCS
        QCOMPARE(d.left.size(), 1);
        QCOMPARE(d.right.size(), 1);
        QCOMPARE(d.left.first().start, 11);
        QVERIFY(a.mid(d.left.first().start, d.left.first().length).endsWith(u("w2999")));
        QCOMPARE(d.commonWords, 4);
    }
};

QTEST_GUILESS_MAIN(TextDiffTest)
#include "tst_textdiff.moc"
