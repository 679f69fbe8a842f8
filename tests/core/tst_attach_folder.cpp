// An agent memory folder attached in place (docs/formats.md, "Attached folders"): the sync
// writes no file, each decision rewrites only its memory's file in the agent's own type,
// undo restores the bytes, a clash keeps the assistant's text, a broken file is never written.
#include "AgentEntrySchema.h"
#include "TestFiles.h"

#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "engine/conflicts/ConflictResolver.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

const QString kBroken = QStringLiteral("1a30ebbf.json"); // entry 49 of make_fixtures.py, cut in half
const QString kUnmigrated = QStringLiteral("1a2b1eef");   // entry 1: no forgetting fields
const QString kHot = QStringLiteral("1a2de668");          // entry 24: tier hot, valence
const QString kOld = QStringLiteral("1a2fd558");          // entry 40: superseded by 41

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

/// Every file under `dir`: name → bytes.
std::map<QString, QByteArray> snapshot(const QString &dir)
{
    std::map<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out[QDir(dir).relativeFilePath(path)] = readAll(path);
    }
    return out;
}

} // namespace

class TestAttachFolder : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_root;   // holds memory/ and (later) .recollector-trash/
    QString m_folder; // the attached folder
    std::unique_ptr<Store> m_store;
    Config m_config = Config::defaults();

    void attach()
    {
        m_store.reset();
        auto store = Store::open(attach::AttachedFolder::sideStorePath(m_folder, m_tmp.filePath(QStringLiteral("data"))));
        QVERIFY2(store || QDir().mkpath(m_tmp.filePath(QStringLiteral("data/attached"))), "side store folder");
        if (!store)
            store = Store::open(attach::AttachedFolder::sideStorePath(m_folder, m_tmp.filePath(QStringLiteral("data"))));
        QVERIFY2(store, store ? "" : qPrintable(store.error().message));
        m_store = std::move(*store);
        auto report = attach::FolderSync::run(*m_store, m_folder);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
    }

    attach::WriteBack::Report writeBack()
    {
        auto report = attach::WriteBack::run(*m_store, m_folder);
        if (!report)
            qWarning("%s", qPrintable(report.error().message));
        return report ? *report : attach::WriteBack::Report {};
    }

    QJsonObject fileObject(const QString &id) { return QJsonDocument::fromJson(readAll(path(id))).object(); }
    QString path(const QString &id) { return QDir(m_folder).filePath(id + QStringLiteral(".json")); }
    QString trashPath(const QString &id)
    {
        return QDir(m_root).filePath(QStringLiteral(".recollector-trash/") + id + QStringLiteral(".json"));
    }

private slots:
    void init()
    {
        m_store.reset();
        m_root = m_tmp.filePath(QStringLiteral("hub-%1").arg(QString::number(QDateTime::currentMSecsSinceEpoch())));
        m_folder = QDir(m_root).filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(m_folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &name : fixture.entryList(QDir::Files))
            QVERIFY(QFile::copy(fixture.filePath(name), QDir(m_folder).filePath(name)));
        m_folder = QFileInfo(m_folder).canonicalFilePath();
        m_root = QFileInfo(m_root).canonicalFilePath();
    }

    void attachReadsEveryFileAndWritesNone()
    {
        const auto before = snapshot(m_root);
        attach();
        QCOMPARE(snapshot(m_root), before);
        QCOMPARE(*m_store->memories().count(), 49);
        auto problems = m_store->meta().value(attach::AttachedFolder::kMetaProblems);
        QVERIFY(problems->contains(kBroken));
        // Lazy migration fills the side store, not the file.
        QVERIFY(!fileObject(kUnmigrated).contains(QStringLiteral("stability")));
        QVERIFY(m_store->memories().get(kUnmigrated)->stability > 0);
        // A write-back with no decision writes nothing either.
        const auto report = writeBack();
        QCOMPARE(report.written + report.trashed + report.restored, 0);
        QCOMPARE(snapshot(m_root), before);
    }

    void aFolderWithoutProblemsAttaches()
    {
        // (The meta value of no problems is empty, never NULL: the first attach of a clean
        // folder failed on it.)
        QVERIFY(QFile::remove(QDir(m_folder).filePath(kBroken)));
        attach();
        QCOMPARE(*m_store->memories().count(), 49);
        QCOMPARE(*m_store->meta().value(attach::AttachedFolder::kMetaProblems), QString());
    }

    void eachDecisionWritesTheAgentsTypeAndUndoRestoresTheBytes_data()
    {
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QStringList>("written");
        QTest::newRow("confirm, unmigrated") << "confirm" << kUnmigrated
                                             << QStringList { "stability", "lastReinforcedAt", "reinforceCount", "decayRate", "strength" };
        QTest::newRow("reinforce") << "reinforce" << kHot
                                   << QStringList { "stability", "lastReinforcedAt", "reinforceCount", "decayRate" };
        QTest::newRow("permanent") << "permanent" << kHot << QStringList { "tier" };
        QTest::newRow("negate") << "negate" << kHot << QStringList { "superseded" };
        QTest::newRow("edit") << "edit" << kHot << QStringList { "content" };
    }
    void eachDecisionWritesTheAgentsTypeAndUndoRestoresTheBytes()
    {
        QFETCH(QString, decision);
        QFETCH(QString, id);
        QFETCH(QStringList, written);
        attach();
        const QByteArray original = readAll(path(id));
        const QJsonObject originalObject = QJsonDocument::fromJson(original).object();
        const auto others = [&] {
            auto all = snapshot(m_root);
            all.erase(QStringLiteral("memory/") + id + QStringLiteral(".json"));
            return all;
        };
        const auto othersBefore = others();

        Decisions d(*m_store, m_config);
        Result<DecisionOutcome> out = Error::make(Error::Code::Validation, QStringLiteral("unknown"));
        if (decision == QLatin1String("confirm"))
            out = d.confirm(id);
        else if (decision == QLatin1String("reinforce"))
            out = d.reinforce(id, ReinforceEvent::TaskSuccess);
        else if (decision == QLatin1String("permanent"))
            out = d.setPermanent(id, true);
        else if (decision == QLatin1String("negate"))
            out = d.negate(id);
        else if (decision == QLatin1String("edit")) {
            MemoryEdit e;
            e.content = QStringLiteral("Use cargo clippy -- -D warnings before every push");
            out = d.edit(id, e);
        }
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        const auto report = writeBack();
        QCOMPARE(report.written, 1);
        QCOMPARE(report.clashes, 0);

        const QByteArray after = readAll(path(id));
        QVERIFY(after != original);
        const QJsonObject file = QJsonDocument::fromJson(after).object();
        const QString problem = test::checkAgentEntry(file, originalObject);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        for (const QString &key : written)
            QVERIFY2(file.contains(key) && (file.value(key) != originalObject.value(key) || key == QLatin1String("decayRate")),
                     qPrintable(key));
        if (decision == QLatin1String("permanent"))
            QCOMPARE(file.value(QStringLiteral("tier")).toString(), QStringLiteral("permanent"));
        if (decision == QLatin1String("negate"))
            QCOMPARE(file.value(QStringLiteral("superseded")).toBool(), true);
        // Unknown fields kept, key order kept, 2-space indent, no Recollector-only field.
        for (auto it = originalObject.begin(); it != originalObject.end(); ++it) {
            // A confirm and a reinforcement count as a recall too (docs/scoring.md, "Reinforcement").
            static const QStringList kAlso { "updatedAt", "strength", "accessCount", "lastAccessedAt" };
            if (!written.contains(it.key()) && !kAlso.contains(it.key()))
                QCOMPARE(file.value(it.key()), it.value());
        }
        QVERIFY(after.startsWith("{\n  \"id\": "));
        QVERIFY(after.indexOf("\"content\"") < after.indexOf("\"category\""));
        QVERIFY(!file.contains(QStringLiteral("verified")));
        QCOMPARE(others(), othersBefore); // only that memory's file

        auto undo = d.revert(out->firstEventId());
        QVERIFY2(undo, undo ? "" : qPrintable(undo.error().message));
        const auto undone = writeBack();
        QCOMPARE(undone.restored, 1);
        QCOMPARE(readAll(path(id)), original);
        QCOMPARE(others(), othersBefore);
    }

    void negateWithACorrectionWritesANewFileThatSupersedes()
    {
        attach();
        Decisions d(*m_store, m_config);
        auto out = d.negate(kHot, QStringLiteral("Use cargo clippy, not rust clippy, for tests"));
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        QCOMPARE(out->createdIds.size(), 1);
        writeBack();
        const QString newId = out->createdIds.first();
        const QJsonObject created = fileObject(newId);
        QVERIFY2(!created.isEmpty(), qPrintable(path(newId)));
        QCOMPARE(created.value(QStringLiteral("supersedesId")).toString(), kHot);
        QCOMPARE(test::checkAgentEntry(created), QString());
        QCOMPARE(fileObject(kHot).value(QStringLiteral("superseded")).toBool(), true);

        // Undo: the correction's file leaves the folder, the original's bytes come back.
        QVERIFY(d.revert(out->firstEventId()));
        writeBack();
        QVERIFY(!QFileInfo::exists(path(newId)));
        QCOMPARE(fileObject(kHot).value(QStringLiteral("superseded")).isUndefined(), true);
    }

    void deleteMovesTheFileToTheTrashAndUndoBringsItBack()
    {
        attach();
        const QByteArray original = readAll(path(kHot));
        Decisions d(*m_store, m_config);
        auto out = d.softDelete(kHot);
        QVERIFY(out);
        QCOMPARE(writeBack().trashed, 1);
        // What the agent's retrieval reads (every *.json in the folder) no longer holds it.
        QVERIFY(!QFileInfo::exists(path(kHot)));
        QCOMPARE(readAll(trashPath(kHot)), original);
        // A sync now does not take the missing file for the assistant's delete.
        QVERIFY(attach::FolderSync::run(*m_store, m_folder));
        QVERIFY(m_store->memories().get(kHot)->isDeleted());

        QVERIFY(d.revert(out->firstEventId()));
        QCOMPARE(writeBack().restored, 1);
        QCOMPARE(readAll(path(kHot)), original);
        QVERIFY(!QFileInfo::exists(trashPath(kHot)));
    }

    void mergeWritesANewFileAndSupersedesTheSources()
    {
        attach();
        Decisions d(*m_store, m_config);
        auto out = d.merge({ kHot, kUnmigrated }, QStringLiteral("Lint Rust with clippy; run tests before pushing"));
        QVERIFY2(out, out ? "" : qPrintable(out.error().message));
        writeBack();
        QCOMPARE(out->createdIds.size(), 1);
        const QJsonObject merged = fileObject(out->createdIds.first());
        QCOMPARE(merged.value(QStringLiteral("content")).toString(), QStringLiteral("Lint Rust with clippy; run tests before pushing"));
        QCOMPARE(test::checkAgentEntry(merged), QString());
        QCOMPARE(fileObject(kHot).value(QStringLiteral("superseded")).toBool(), true);
        QCOMPARE(fileObject(kUnmigrated).value(QStringLiteral("superseded")).toBool(), true);
    }

    void aClashKeepsTheAssistantsText()
    {
        attach();
        // The assistant rewrites the file after Recollector read it...
        QJsonObject changed = fileObject(kHot);
        changed.insert(QStringLiteral("content"), QStringLiteral("The assistant's own wording"));
        const QByteArray assistants = QJsonDocument(changed).toJson();
        writeAll(path(kHot), assistants);
        // ...and the user edits the same field before Recollector saw it.
        Decisions d(*m_store, m_config);
        MemoryEdit e;
        e.content = QStringLiteral("The user's wording");
        QVERIFY(d.edit(kHot, e));
        const auto report = writeBack();
        QCOMPARE(report.clashes, 1);
        QCOMPARE(report.written, 0);
        QCOMPARE(readAll(path(kHot)), assistants);
        auto conflicts = m_store->conflicts().list(ConflictStatus::Open);
        QCOMPARE(conflicts->size(), std::size_t(1));
        QCOMPARE(conflicts->front().type, ConflictType::FileClash);
        // No strategy between two memories applies to one memory and its file; dismissing does.
        ConflictResolver resolver(*m_store, m_config);
        QVERIFY(!resolver.plan(conflicts->front().id, ResolutionStrategy::KeepA, 0, {}));
        QVERIFY(resolver.planDismissal(conflicts->front().id, 0));
        // The next sync shows the assistant's version.
        QVERIFY(attach::FolderSync::run(*m_store, m_folder));
        QCOMPARE(m_store->memories().get(kHot)->content, QStringLiteral("The assistant's own wording"));
    }

    void anAssistantChangeInAnotherFieldIsKept()
    {
        attach();
        QByteArray bytes = readAll(path(kHot));
        bytes.replace("\"accessCount\": 3", "\"accessCount\": 4");
        writeAll(path(kHot), bytes);
        Decisions d(*m_store, m_config);
        QVERIFY(d.setPermanent(kHot, true));
        QCOMPARE(writeBack().written, 1);
        const QJsonObject file = fileObject(kHot);
        QCOMPARE(file.value(QStringLiteral("accessCount")).toInt(), 4);
        QCOMPARE(file.value(QStringLiteral("tier")).toString(), QStringLiteral("permanent"));
    }

    void aBrokenFileIsNeverWritten()
    {
        attach();
        const QString broken = QDir(m_folder).filePath(kBroken);
        const QByteArray brokenBytes = readAll(broken);
        // A file Recollector read fine breaks afterwards (the assistant crashed mid-write).
        QByteArray cut = readAll(path(kHot));
        cut.truncate(cut.size() / 2);
        writeAll(path(kHot), cut);
        Decisions d(*m_store, m_config);
        QVERIFY(d.confirm(kHot));
        const auto report = writeBack();
        QCOMPARE(report.written, 0);
        QCOMPARE(readAll(path(kHot)), cut);
        QCOMPARE(readAll(broken), brokenBytes);
        QVERIFY(!report.problems.isEmpty());
        // The sync reports it and leaves the memory as it was.
        auto sync = attach::FolderSync::run(*m_store, m_folder);
        QVERIFY(sync);
        QVERIFY(sync->problems.join(QLatin1Char('\n')).contains(kHot + QStringLiteral(".json")));
        QVERIFY(!m_store->memories().get(kHot)->isDeleted());
    }

    void theAssistantsAddEditAndDeleteReachTheSideStore()
    {
        attach();
        QJsonObject fresh = fileObject(kHot);
        fresh.insert(QStringLiteral("id"), QStringLiteral("feedbee1"));
        fresh.insert(QStringLiteral("content"), QStringLiteral("A memory the assistant just wrote"));
        writeAll(QDir(m_folder).filePath(QStringLiteral("feedbee1.json")), QJsonDocument(fresh).toJson());
        QByteArray edited = readAll(path(kUnmigrated));
        edited.replace("(note 1)", "(note one, edited)");
        writeAll(path(kUnmigrated), edited);
        QVERIFY(QFile::remove(path(kOld)));
        auto sync = attach::FolderSync::run(*m_store, m_folder);
        QVERIFY(sync);
        QCOMPARE(sync->added, 1);
        QCOMPARE(sync->changed, 1);
        QCOMPARE(sync->removed, 1);
        QCOMPARE(m_store->memories().get(QStringLiteral("feedbee1"))->content, QStringLiteral("A memory the assistant just wrote"));
        QVERIFY(m_store->memories().get(kUnmigrated)->content.contains(QStringLiteral("note one, edited")));
        QVERIFY(m_store->memories().get(kOld)->isDeleted());
        // None of that is written back.
        const auto before = snapshot(m_root);
        QCOMPARE(writeBack().written, 0);
        QCOMPARE(snapshot(m_root), before);
    }

    void aSymlinkInsideIsReportedNotFollowed()
    {
        const QString outside = m_tmp.filePath(QStringLiteral("secret.json"));
        writeAll(outside, R"({"id":"secret","content":"x","category":"tool","createdAt":"2025-01-01T00:00:00Z"})");
        QVERIFY(QFile::link(outside, QDir(m_folder).filePath(QStringLiteral("secret.json"))));
        attach();
        QVERIFY(!m_store->memories().get(QStringLiteral("secret")));
        QVERIFY(m_store->meta().value(attach::AttachedFolder::kMetaProblems)->contains(QStringLiteral("secret.json")));
    }
};

QTEST_GUILESS_MAIN(TestAttachFolder)
#include "tst_attach_folder.moc"
