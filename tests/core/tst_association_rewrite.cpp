// The rebuild's rewrite of every link (store/AssociationRewrite) drops the links table (on a
// team store: empties it and drops its `b` index) and creates it again from the store's own
// definition: the same definition and `b` index afterwards, foreign keys enforced on what it
// writes and on later deletes, and a rollback brings the old links back. On a real store file
// and on a team store.
#include "StoreQuery.h"
#include "EngineStore.h"

#include "store/AssociationRewrite.h"
#include "store/Database.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

QString scalarText(Store &store, const QString &sql)
{
    const QVariant v = test::queryValue(store, sql);
    return v.isValid() ? v.toString() : QStringLiteral("<none>");
}

qint64 links(Store &store) { return test::scalar(store, QStringLiteral("SELECT count(*) FROM associations")); }

/// The links table's definition and its indexes, as the engine describes them: SQLite keeps
/// each one's text; PostgreSQL gives its columns, constraints and index definitions.
QString definitions(Store &store)
{
    QSqlQuery q(store.database().handle());
    QStringList out;
    const QStringList sql = test::EngineFixture::onServer()
        ? QStringList{QStringLiteral("SELECT column_name, data_type || ' ' || is_nullable || ' ' || "
                                     "coalesce(column_default, '') FROM information_schema.columns "
                                     "WHERE table_schema = current_schema() AND table_name = 'associations' "
                                     "ORDER BY ordinal_position"),
                      QStringLiteral("SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                                     "WHERE conrelid = 'associations'::regclass ORDER BY conname"),
                      QStringLiteral("SELECT indexname, indexdef FROM pg_indexes "
                                     "WHERE schemaname = current_schema() AND tablename = 'associations' "
                                     "ORDER BY indexname")}
        : QStringList{QStringLiteral(
              "SELECT name, sql FROM sqlite_master WHERE tbl_name = 'associations' ORDER BY name")};
    for (const QString &statement : sql) {
        if (!q.exec(statement))
            qFatal("reading the links table's definition failed: %s", qPrintable(statement));
        while (q.next())
            out << q.value(0).toString() + QLatin1Char('=') + q.value(1).toString();
    }
    return out.join(u'\n');
}

void fill(Store &store)
{
    for (const char *id : {"m1", "m2", "m3"})
        QVERIFY(store.memories().insert(test::sampleMemory(QLatin1String(id))));
    QVERIFY(store.associations().put({QStringLiteral("m1"), QStringLiteral("m2"), 0.4, QStringLiteral("manual"), 1}));
}

Status rewrite(Store &store, const std::vector<LinkValues> &rows)
{
    AssociationRewrite r(store.database());
    if (Status st = r.begin(); !st)
        return st;
    for (const LinkValues &row : rows)
        if (Status st = r.insert(row); !st)
            return st;
    return r.finish();
}

} // namespace

class TestAssociationRewrite : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void theTableComesBackAsTheStoreDefinesIt()
    {
        test::EngineStore store(m_engines);
        fill(*store);
        const QString before = definitions(*store);
        QVERIFY2(before.contains(QStringLiteral("associations_b=CREATE INDEX")), qPrintable(before));
        {
            Transaction tx(store->database());
            QVERIFY(tx.isActive());
            QVERIFY(rewrite(*store, {{"m1", "m3", 0.5, "keyword", 2}, {"m2", "m3", 0.6, "keyword", 2}}));
            QVERIFY(tx.commit());
        }
        QCOMPARE(definitions(*store), before);
        QCOMPARE(links(*store), qint64(2));
        if (!test::EngineFixture::onServer()) // SQLite's own check of its pages and indexes
            QCOMPARE(scalarText(*store, QStringLiteral("PRAGMA integrity_check")), QStringLiteral("ok"));
        // Foreign keys hold on the new table: a link to no memory is refused, a delete cascades.
        {
            Transaction tx(store->database());
            QVERIFY(!rewrite(*store, {{"m1", "nowhere", 0.5, "keyword", 2}}));
        }
        QCOMPARE(links(*store), qint64(2)); // rolled back: the links of the last rewrite
        QVERIFY(store->database().exec(QStringLiteral("DELETE FROM memories WHERE id = 'm3'")));
        QCOMPARE(links(*store), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestAssociationRewrite)
#include "tst_association_rewrite.moc"
