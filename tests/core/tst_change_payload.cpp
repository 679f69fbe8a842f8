// The members of an event's payload the change list summarises by, read in one pass
// (store/ChangePayload): each member as the payloads Recollector writes hold it, the ones a
// payload lacks left empty, and a payload that is not JSON, or is broken halfway, gives none.
#include "store/ChangePayload.h"
#include "store/ChangeScan.h"

#include <QtTest>

using namespace recollector::core;

class TestChangePayload : public QObject
{
    Q_OBJECT

    static ChangeEventRow read(std::string_view payload)
    {
        ChangePayload reader;
        ChangeEventRow row;
        reader.read(payload, row);
        return row;
    }

private Q_SLOTS:
    void anEditNamesItsFieldsAndItsDecision()
    {
        const ChangeEventRow row = read("{\"decision\":\"dec_1\",\"before\":{\"content\":\"a\"},"
                                        "\"after\":{\"content\":\"b\",\"keywords\":[\"x\"],\"updatedAt\":3}}");
        QVERIFY(row.decided);
        // The fields a person edits; the edit's bookkeeping (updatedAt) has no bit.
        QCOMPARE(row.fields, std::uint8_t(0b11));
        QCOMPARE(ChangeScan::editedFields()[0], QLatin1StringView("content"));
        QCOMPARE(ChangeScan::editedFields()[1], QLatin1StringView("keywords"));
        QVERIFY(!row.created);
        QVERIFY(!row.removed);
        QVERIFY(row.fromFile.isNull());
    }

    void aFolderSyncSaysItsFileAndWhatHappened()
    {
        const ChangeEventRow row = read("{\"fromFile\":\"feedback \\\"ci\\\".md\",\"change\":\"removed\",\"removed\":true}");
        QCOMPARE(row.fromFile, QStringLiteral("feedback \"ci\".md"));
        QCOMPARE(row.change, QStringLiteral("removed"));
        QVERIFY(row.removed);
    }

    void anImportsActionStandsForTheChangeWhenThereIsNone()
    {
        QCOMPARE(read("{\"action\":\"kept_both\",\"created\":true}").change, QStringLiteral("kept_both"));
        QVERIFY(read("{\"action\":\"kept_both\",\"created\":true}").created);
        QCOMPARE(read("{\"change\":\"added\",\"action\":\"overwrite\"}").change, QStringLiteral("added"));
    }

    void anUndoNamesTheEventItReverts()
    {
        QCOMPARE(read("{\"reverts\":1234567890123,\"decision\":\"dec_9\"}").reverts, 1234567890123);
        QCOMPARE(read("{\"reverts\":\"12\"}").reverts, 0); // not a number: not an event id
    }

    void membersOfAnotherTypeAreNotTaken()
    {
        const ChangeEventRow row = read("{\"decision\":12,\"created\":\"yes\",\"after\":[\"content\"],\"fromFile\":null}");
        QVERIFY(!row.decided);
        QVERIFY(!row.created);
        QCOMPARE(row.fields, std::uint8_t(0));
        QVERIFY(row.fromFile.isEmpty());
    }

    void aPayloadThatIsNotJsonGivesNothing()
    {
        for (const char *bad : { "", "enc1:AAAA", "[1,2]", "{\"decision\":\"dec_1\",\"after\":{\"content\":",
                                 "{\"decision\":\"dec_1\",\"created\":true," }) {
            const ChangeEventRow row = read(bad);
            QVERIFY2(!row.decided && !row.created && row.fields == 0, bad);
        }
    }
};

QTEST_GUILESS_MAIN(TestChangePayload)
#include "tst_change_payload.moc"
