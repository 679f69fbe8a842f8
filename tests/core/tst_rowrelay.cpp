// RowRelay, which hands an export's rows from the SQLite thread to the formatting thread: every
// row arrives once, in order, with its text copied (the reader's buffer is overwritten after
// each push, as SQLite's is), a row larger than an arena included; a consumer that stops stops
// the reader and sees nothing after; finishing twice, or with no rows, is harmless.
#include "io/RowRelay.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace recollector::core;

namespace {

struct TestRow
{
    int number = 0;
    std::string_view name, body;
};

template <typename F>
void forEachText(TestRow &row, F f)
{
    f(row.name);
    f(row.body);
}

std::string bodyOf(int i)
{
    // Mostly short, some long, one far larger than the test's 1 KiB arenas.
    const std::size_t length = i == 777 ? 5000 : (i % 97 == 0 ? 300 : std::size_t(i % 13));
    return std::string(length, char('a' + i % 26));
}

} // namespace

class TestRowRelay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyRowArrivesInOrderWithItsText()
    {
        constexpr int kRows = 20000;
        std::vector<std::string> seen;
        std::vector<int> numbers;
        io::RowRelay<TestRow> relay(
            [&](const TestRow &row) {
                numbers.push_back(row.number);
                seen.push_back(std::string(row.name) + '|' + std::string(row.body));
                return true;
            },
            1024);
        std::string name, body; // the reader's buffers, reused for every row
        for (int i = 0; i < kRows; ++i) {
            name = "row" + std::to_string(i);
            body = bodyOf(i);
            QVERIFY(relay.push(TestRow{i, name, body}));
            name.assign(name.size(), '#');
            body.assign(body.size(), '#');
        }
        QVERIFY(relay.finish());
        QCOMPARE(int(seen.size()), kRows);
        for (int i = 0; i < kRows; ++i) {
            QCOMPARE(numbers[std::size_t(i)], i);
            QCOMPARE(seen[std::size_t(i)], "row" + std::to_string(i) + '|' + bodyOf(i));
        }
        QVERIFY(relay.finish()); // again: nothing more, the same answer
    }

    void aConsumerThatStopsStopsTheReader()
    {
        std::vector<int> numbers;
        io::RowRelay<TestRow> relay(
            [&](const TestRow &row) {
                numbers.push_back(row.number);
                return row.number < 1000;
            },
            1024);
        const std::string text = "text";
        int pushed = 0;
        while (pushed < 1000000 && relay.push(TestRow{pushed, text, text}))
            ++pushed;
        QVERIFY2(pushed < 1000000, "push() says when the consumer stopped");
        QVERIFY(!relay.finish());
        QCOMPARE(int(numbers.size()), 1001); // up to the row it stopped at, nothing after
        QCOMPARE(numbers.back(), 1000);
    }

    void noRows()
    {
        int calls = 0;
        io::RowRelay<TestRow> relay([&](const TestRow &) { return ++calls > 0; });
        QVERIFY(relay.finish());
        QCOMPARE(calls, 0);
    }
};

QTEST_GUILESS_MAIN(TestRowRelay)
#include "tst_rowrelay.moc"
