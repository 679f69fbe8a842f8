// A memory set read from a file is parsed where readBoundedFile put it: the bytes come with
// zeroed spare capacity for simdjson's padding, the in-place parse gives the same set as the
// parse of a copy without spare room, and a document cut anywhere near its end is handed
// over (nullopt) on both paths rather than read past its last byte.
#include "io/MemorySetFastJson.h"
#include "model/InputLimits.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::core::io;

namespace {

const QByteArray kSet =
    "{\n"
    "  \"format\": \"recollector-memory-set\",\n"
    "  \"version\": 1,\n"
    "  \"memories\": [\n"
    "    {\"id\": \"mem_a\", \"content\": \"Uses vitest\", \"category\": \"preference\", \"keywords\": [\"vitest\", \"caf\\u00e9\"],\n"
    "     \"createdAt\": \"2024-01-01T10:00:00Z\", \"strength\": 42.5, \"unknownField\": {\"kept\": [1, 2.5]}},\n"
    "    {\"id\": \"mem_b\", \"content\": \"Line\\nbreak \\\"quoted\\\"\", \"category\": \"fact\", \"createdAt\": 1704103200000}\n"
    "  ],\n"
    "  \"associations\": [{\"a\": \"mem_b\", \"b\": \"mem_a\", \"weight\": 0.5, \"type\": \"keyword\", \"createdAt\": 1704103200000}],\n"
    "  \"events\": [{\"id\": 3, \"memoryId\": \"mem_a\", \"kind\": \"edit\", \"actor\": \"user\", \"at\": 1704103200000,\n"
    "              \"payload\": {\"from\": \"x\", \"n\": 2}}]\n"
    "}";

QByteArray fileBytes(const QTemporaryDir &dir, const QByteArray &bytes)
{
    const QString path = dir.filePath(QStringLiteral("set.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        qFatal("cannot write the set");
    file.close();
    auto data = readBoundedFile(path, 1 << 20, QStringLiteral("set.json"));
    if (!data)
        qFatal("cannot read the set back");
    return *data;
}

/// The same bytes with no room after them: the reader copies them into a padded buffer.
QByteArray tight(const QByteArray &bytes)
{
    QByteArray copy(bytes.constData(), bytes.size());
    copy.squeeze();
    return copy;
}

} // namespace

class TestFastJsonInPlace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fileBytesCarryZeroedPadding()
    {
        const QTemporaryDir dir;
        const QByteArray data = fileBytes(dir, kSet);
        QCOMPARE(data, kSet);
        QVERIFY(data.capacity() - data.size() >= kReadSpareBytes);
        for (qsizetype i = 0; i < kReadSpareBytes; ++i)
            QCOMPARE(data.constData()[data.size() + i], '\0');
        QVERIFY(tight(data).capacity() - data.size() < kReadSpareBytes); // the other path, below
    }

    // A file of 16 MiB or more is read in two halves at once (the second on a thread of its
    // own): the same bytes in the same order, the padding after them zeroed.
    void aLargeFileReadsInTwoHalvesAsItsBytes()
    {
        const QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.bin"));
        QByteArray bytes(20 * 1024 * 1024 + 12345, Qt::Uninitialized);
        quint32 x = 2463534242u;
        for (char &c : bytes) { // xorshift: no two halves alike
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            c = char(x);
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
        file.close();
        auto data = readBoundedFile(path, bytes.size(), QStringLiteral("large.bin"));
        QVERIFY2(data, data ? "" : qPrintable(data.error().message));
        QCOMPARE(data->size(), bytes.size());
        QVERIFY(*data == bytes);
        QVERIFY(data->capacity() - data->size() >= kReadSpareBytes);
        for (qsizetype i = 0; i < kReadSpareBytes; ++i)
            QCOMPARE(data->constData()[data->size() + i], '\0');
        // One byte over the limit is refused, as a small file is.
        auto over = readBoundedFile(path, bytes.size() - 1, QStringLiteral("large.bin"));
        QVERIFY(!over);
        QVERIFY(over.error().message.startsWith(QStringLiteral("large.bin: file is")));
    }

    void inPlaceReadsAsTheCopy()
    {
        const QTemporaryDir dir;
        const QByteArray data = fileBytes(dir, kSet);
        const quint64 before = MemorySetFastJson::documentsRead();
        const auto inPlace = MemorySetFastJson::read(data, QStringLiteral("set.json"));
        const auto copied = MemorySetFastJson::read(tight(data), QStringLiteral("set.json"));
        QVERIFY(inPlace && copied);
        QCOMPARE(MemorySetFastJson::documentsRead(), before + 2);
        QCOMPARE(inPlace->memories.size(), std::size_t(2));
        QVERIFY(inPlace->memories == copied->memories);
        QVERIFY(inPlace->associations == copied->associations);
        QVERIFY(inPlace->events == copied->events);
        QCOMPARE(inPlace->memories[0].keywords, (QStringList { QStringLiteral("vitest"), QStringLiteral("café") }));
        QCOMPARE(inPlace->memories[1].content, QStringLiteral("Line\nbreak \"quoted\""));
    }

    void cutDocumentIsHandedOverOnBothPaths()
    {
        const QTemporaryDir dir;
        for (qsizetype cut = 1; cut <= 40; ++cut) {
            const QByteArray bytes = kSet.left(kSet.size() - cut);
            const QByteArray data = fileBytes(dir, bytes);
            QVERIFY2(!MemorySetFastJson::read(data, QStringLiteral("set.json")), qPrintable(QString::number(cut)));
            QVERIFY2(!MemorySetFastJson::read(tight(data), QStringLiteral("set.json")), qPrintable(QString::number(cut)));
        }
    }
};

QTEST_GUILESS_MAIN(TestFastJsonInPlace)
#include "tst_fastjson_inplace.moc"
