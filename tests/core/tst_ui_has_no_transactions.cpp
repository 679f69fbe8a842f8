// The window and the command line never open a write transaction themselves: every write is
// one core operation that is one transaction (docs/architecture.md, "The way of a decision"):
// Decisions::runAll / revertAll for a command and its undo, Cleanup::apply (with its commit
// hook for cancel), ConflictResolver::apply, the import operation. So no file under ui/ or
// app/ includes store/Transaction.h or names core::Transaction. This reads the sources.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TestUiHasNoTransactions : public QObject
{
    Q_OBJECT

private:
    // Every line of a C++ source under `dir` (relative to the source tree) that matches.
    static QStringList offenders(const QString &dir, const QRegularExpression &pattern)
    {
        QStringList found;
        const QString root = QStringLiteral(RECOLLECTOR_SOURCE_DIR);
        QDirIterator it(root + QLatin1Char('/') + dir, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return {QStringLiteral("%1: cannot read").arg(path)};
            ++files;
            int line = 0;
            for (const QByteArray &text : f.readAll().split('\n')) {
                ++line;
                if (pattern.match(QString::fromUtf8(text)).hasMatch())
                    found << QStringLiteral("%1:%2: %3").arg(path.mid(root.size() + 1)).arg(line).arg(
                        QString::fromUtf8(text).trimmed());
            }
        }
        if (files == 0)
            found << QStringLiteral("%1: no sources found (wrong RECOLLECTOR_SOURCE_DIR?)").arg(dir);
        return found;
    }

private Q_SLOTS:
    void noTransactionAboveCore_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::newRow("ui") << QStringLiteral("ui");
        QTest::newRow("app") << QStringLiteral("app");
    }

    void noTransactionAboveCore()
    {
        QFETCH(QString, dir);
        static const QRegularExpression pattern(
            QStringLiteral(R"(store/Transaction\.h|\bTransaction\s+\w+\s*[({]|core::Transaction\b)"));
        const QStringList found = offenders(dir, pattern);
        QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("a write transaction opened outside core:\n")
                                             + found.join(QLatin1Char('\n'))));
    }

    // The check itself sees an include and a use when there is one (core has them).
    void theCheckFindsThemInCore()
    {
        static const QRegularExpression pattern(QStringLiteral(R"(store/Transaction\.h)"));
        QVERIFY(!offenders(QStringLiteral("core/engine/decisions"), pattern).isEmpty());
        static const QRegularExpression use(QStringLiteral(R"(\bTransaction\s+\w+\s*[({])"));
        QVERIFY(!offenders(QStringLiteral("core/engine/review"), use).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestUiHasNoTransactions)
#include "tst_ui_has_no_transactions.moc"
