// text::wordTokens, the one tokenizer of recall's query terms, keywords and the judgement rules:
// lower-cased runs of letters and digits, an inner connector kept between two of them
// ("node.js"), a run of trailing marks kept ("c++"), curly apostrophes read as straight ones,
// and characters outside the Basic Multilingual Plane kept whole.
#include "engine/text/TextTokens.h"

#include <QTest>

using namespace recollector::core::text;

class TestTextTokens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokens_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tokens");
        QTest::newRow("words") << QStringLiteral("The User deploys, daily!") << QStringList { "the", "user", "deploys", "daily" };
        QTest::newRow("connectors") << QStringLiteral("node.js and the user's café") << QStringList { "node.js", "and", "the", "user's", "café" };
        QTest::newRow("curly apostrophe") << QStringLiteral("Caroline\u2019s dog") << QStringList { "caroline's", "dog" };
        QTest::newRow("trailing marks") << QStringLiteral("writes C++ daily") << QStringList { "writes", "c++", "daily" };
        // U+10400 (lower-cased to U+10428) and U+1D400: letters written with two UTF-16 units each.
        QTest::newRow("outside the BMP") << QString::fromUtf8("a \xF0\x90\x90\x80x \xF0\x9D\x90\x80" "b")
                                         << QStringList { QStringLiteral("a"), QString::fromUtf8("\xF0\x90\x90\xA8x"), QString::fromUtf8("\xF0\x9D\x90\x80" "b") };
        QTest::newRow("empty") << QString() << QStringList {};
    }

    void tokens()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, tokens);
        QCOMPARE(wordTokens(text), tokens);
    }
};

QTEST_GUILESS_MAIN(TestTextTokens)
#include "tst_text_tokens.moc"
