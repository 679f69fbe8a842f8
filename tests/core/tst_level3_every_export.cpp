// One rule for level 3 in every export format (docs/formats.md, "Encryption at rest"), through
// the real recollector-cli: Recollector's own sets (JSON, YAML) carry a level-3 memory sealed;
// every other format (CSV, agent folders and each other program's format) leaves it out and
// says so in the summary, whether the store is locked or unlocked, and never writes an empty
// placeholder in its place (`"content": ""`, an empty file, an index line with no title).
// With --include-level3-plain and the passphrase, every format holds its text; asked for plain
// text while locked, no format writes anything. Letta writes the blocks' text back into the
// .af they came from: a store imported from one exports into a copy of it.
#include "CliProcess.h"

#include "formats/FormatRegistry.h"
#include "store/Database.h"
#include "store/Store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;

namespace {

const QString kSecret = QStringLiteral("Zanzibar vault code 4417");
const QString kPlain = QStringLiteral("Likes green tea in the afternoon");

enum class Mode { Locked, Unlocked, Plain, PlainLocked };

bool isOwnSet(const QString &format) { return format == QLatin1String("json") || format == QLatin1String("yaml"); }

bool writesFolder(const QString &format)
{
    return format == QLatin1String("folder") || format == QLatin1String("claude-memory");
}

/// Every file under `path` (or `path` itself), and the names of the empty ones.
QByteArray allBytes(const QString &path, QStringList *empty)
{
    QStringList files;
    if (QFileInfo(path).isDir()) {
        QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
    } else if (QFileInfo::exists(path)) {
        files << path;
    }
    QByteArray bytes;
    for (const QString &f : files) {
        QFile file(f);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(f));
        const QByteArray b = file.readAll();
        if (b.isEmpty() && empty)
            *empty << f;
        bytes += b;
    }
    return bytes;
}

} // namespace

class TestLevel3EveryExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_pass;
    QString m_letta; ///< a store whose memories came from a Letta .af: its export writes into that file
    QString m_af;    ///< the .af they came from; each Letta export writes into a copy of it
    int m_out = 0;

    test::CliRun cli(const QStringList &args, bool withPassphrase = false) const { return cliOn(m_store, args, withPassphrase); }
    test::CliRun cliOn(const QString &store, const QStringList &args, bool withPassphrase = false) const
    {
        QStringList all;
        if (withPassphrase)
            all << QStringLiteral("--passphrase-file") << m_pass;
        return test::runRecollectorCli(store, all + args);
    }
    /// The id of the memory of `store` whose text starts with `start`.
    QString idOf(const QString &store, const QString &start) const
    {
        const QJsonArray list = cliOn(store, {QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("debug")}).json().array();
        for (const QJsonValue &m : list) {
            if (m.toObject().value(QStringLiteral("content")).toString().startsWith(start))
                return m.toObject().value(QStringLiteral("id")).toString();
        }
        return {};
    }
    /// The Letta store: two blocks edited to hold the plain and the secret text, the secret one
    /// raised to level 3 (a Letta export writes only the blocks whose text changed).
    void prepareLetta()
    {
        m_letta = m_dir.filePath(QStringLiteral("letta.recollector"));
        m_af = m_dir.filePath(QStringLiteral("source.af"));
        QVERIFY(QFile::copy(QStringLiteral(RECOLLECTOR_TEST_DATA "/letta/letta-shared.af"), m_af));
        QCOMPARE(cliOn(m_letta, {QStringLiteral("import"), m_af}).code, 0);
        const QString hiker = idOf(m_letta, QStringLiteral("Walks with a dog"));
        const QString persona = idOf(m_letta, QStringLiteral("I plan day hikes"));
        QVERIFY(!hiker.isEmpty() && !persona.isEmpty());
        QCOMPARE(cliOn(m_letta, {QStringLiteral("edit"), hiker, QStringLiteral("--content"), kPlain}).code, 0);
        QCOMPARE(cliOn(m_letta, {QStringLiteral("edit"), persona, QStringLiteral("--content"), kSecret}).code, 0);
        const test::CliRun set = cliOn(m_letta, {QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass,
                                                 QStringLiteral("--kdf"), QStringLiteral("interactive")});
        QVERIFY2(set.code == 0, set.err.constData());
        const test::CliRun raise = cliOn(m_letta, {QStringLiteral("edit"), persona, QStringLiteral("--sensitivity"), QStringLiteral("3")}, true);
        QVERIFY2(raise.code == 0, raise.err.constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("s.recollector"));
        m_pass = m_dir.filePath(QStringLiteral("pass.txt"));
        QFile pass(m_pass);
        QVERIFY(pass.open(QIODevice::WriteOnly));
        pass.write("correct horse battery staple\n");
        pass.close();
        QCOMPARE(cli({QStringLiteral("add"), QStringLiteral("--content"), kPlain, QStringLiteral("--keywords"),
                      QStringLiteral("tea")}).code, 0);
        const test::CliRun secret = cli({QStringLiteral("--json"), QStringLiteral("add"), QStringLiteral("--content"), kSecret,
                                         QStringLiteral("--keywords"), QStringLiteral("zanzibar")});
        QCOMPARE(secret.code, 0);
        const QString id = secret.json().object().value(QStringLiteral("id")).toString();
        QVERIFY(!id.isEmpty());
        const test::CliRun set = cli({QStringLiteral("passphrase"), QStringLiteral("--new-file"), m_pass,
                                      QStringLiteral("--kdf"), QStringLiteral("interactive")});
        QVERIFY2(set.code == 0, set.err.constData());
        const test::CliRun raise = cli({QStringLiteral("edit"), id, QStringLiteral("--sensitivity"), QStringLiteral("3")}, true);
        QVERIFY2(raise.code == 0, raise.err.constData());
        prepareLetta();
    }

    void eachFormat_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("mode");
        QStringList formats{QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("csv"), QStringLiteral("folder")};
        // Every writable format; Letta writes the blocks' text back into the .af they came
        // from, so it exports its own store (prepareLetta) into a copy of that file.
        formats << core::io::formats::FormatRegistry::instance().writableNames();
        QVERIFY(formats.contains(QStringLiteral("mcp-memory")) && formats.contains(QStringLiteral("claude-memory"))
                && formats.contains(QStringLiteral("letta")));
        for (const QString &f : formats) {
            QTest::newRow(qPrintable(f + QStringLiteral(" locked"))) << f << int(Mode::Locked);
            QTest::newRow(qPrintable(f + QStringLiteral(" unlocked"))) << f << int(Mode::Unlocked);
            QTest::newRow(qPrintable(f + QStringLiteral(" plain"))) << f << int(Mode::Plain);
            QTest::newRow(qPrintable(f + QStringLiteral(" plain, locked"))) << f << int(Mode::PlainLocked);
        }
    }

    void eachFormat()
    {
        QFETCH(QString, format);
        QFETCH(int, mode);
        const bool passphrase = mode == int(Mode::Unlocked) || mode == int(Mode::Plain);
        const bool plain = mode == int(Mode::Plain) || mode == int(Mode::PlainLocked);
        const bool letta = format == QLatin1String("letta");
        const QString suffix = format == QLatin1String("yaml") ? QStringLiteral(".yaml")
            : format == QLatin1String("csv")                 ? QStringLiteral(".csv")
            : format == QLatin1String("mcp-memory")          ? QStringLiteral(".jsonl")
            : letta                                          ? QStringLiteral(".af")
            : writesFolder(format)                           ? QStringLiteral("/")
                                                             : QStringLiteral(".json");
        const QString path = m_dir.filePath(QStringLiteral("out%1%2").arg(++m_out).arg(suffix));
        QByteArray original; // what the file held before the export (a Letta .af; else nothing)
        if (letta) {
            QVERIFY(QFile::copy(m_af, path));
            original = allBytes(path, nullptr);
        }
        QStringList args{QStringLiteral("--json"), QStringLiteral("export"), path, QStringLiteral("--format"), format};
        if (plain)
            args << QStringLiteral("--include-level3-plain");
        const test::CliRun r = cliOn(letta ? m_letta : m_store, args, passphrase);
        QStringList empty;
        const QByteArray written = allBytes(path, &empty);

        if (mode == int(Mode::PlainLocked)) {
            QVERIFY2(r.code != 0, r.out.constData());
            QVERIFY2(r.err.contains("unlock"), r.err.constData());
            QCOMPARE(written, original); // nothing written
            return;
        }
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject summary = r.json().object();
        QVERIFY2(written.contains(kPlain.toUtf8()), written.left(400).constData());
        QVERIFY2(empty.isEmpty(), qPrintable(empty.join(QLatin1Char(' '))));
        if (plain) {
            QVERIFY2(written.contains(kSecret.toUtf8()), written.constData());
            QCOMPARE(summary.value(QStringLiteral("level3Plain")).toInt(), 1);
            return;
        }
        QVERIFY2(!written.contains("Zanzibar"), written.constData());
        if (isOwnSet(format)) {
            QCOMPARE(summary.value(QStringLiteral("level3Sealed")).toInt(), 1);
            QVERIFY(written.contains("enc1:"));
            return;
        }
        // Left out, said, and no entry in its place.
        QCOMPARE(summary.value(QStringLiteral("level3LeftOut")).toInt(), 1);
        QCOMPARE(summary.value(QStringLiteral("memories")).toInt(), 1);
        for (const QByteArray &placeholder : {QByteArray("\"content\":\"\""), QByteArray("\"content\": \"\""),
                                             QByteArray("[]("), QByteArray("\"value\":\"\""), QByteArray("\"value\": \"\"")})
            QVERIFY2(!written.contains(placeholder), written.constData());
    }

    // Last: it damages the store's sealed text. With the right passphrase, an envelope that
    // does not open is said to be damaged, not "the store is locked".
    void aDamagedEnvelopeIsNotALockedStore()
    {
        {
            auto store = core::Store::open(m_store);
            QVERIFY(store);
            QSqlQuery q((*store)->database().handle());
            QVERIFY(q.exec(QStringLiteral("SELECT id, content FROM memories WHERE content LIKE 'enc1:%'")) && q.next());
            const QString id = q.value(0).toString();
            QByteArray raw = QByteArray::fromBase64(q.value(1).toString().mid(5).toLatin1());
            raw[30] = char(raw[30] ^ 0x20);
            q.finish();
            QVERIFY(q.prepare(QStringLiteral("UPDATE memories SET content = ? WHERE id = ?")));
            q.addBindValue(QStringLiteral("enc1:") + QString::fromLatin1(raw.toBase64()));
            q.addBindValue(id);
            QVERIFY(q.exec());
        }
        const QString path = m_dir.filePath(QStringLiteral("damaged.csv"));
        const test::CliRun r = cli({QStringLiteral("export"), path, QStringLiteral("--include-level3-plain")}, true);
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("damaged") && !r.err.contains("store is locked"), r.err.constData());
        QVERIFY(!QFileInfo::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestLevel3EveryExport)
#include "tst_level3_every_export.moc"
