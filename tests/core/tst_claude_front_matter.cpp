// Claude Code's memory files as Claude Code 2.1 writes them (docs/formats.md, "Claude Code
// memory folders"): nested front matter (`name`, `description`, `metadata:` holding `type`,
// `node_type`, `originSessionId`), the older flat form, and what Recollector writes into both.
// Every file written is parsed back with yaml-cpp (io::YamlJson) and must give exactly the
// fields intended.
#include "attach/ClaudeFrontMatter.h"
#include "attach/ClaudeMemoryFormat.h"
#include "io/YamlJson.h"

#include <QtTest>

using namespace recollector::core;
using namespace recollector::core::attach;

namespace {

const QByteArray kNested = "---\n"
                           "name: real-db-in-tests\n"
                           "description: Integration tests hit a real database, never mocks\n"
                           "metadata:\n"
                           "  node_type: memory\n"
                           "  type: feedback\n"
                           "  originSessionId: 3b1f0c2e-5d7a-4c1e-9f00-1a2b3c4d5e6f\n"
                           "---\n"
                           "\n"
                           "Integration tests must hit a real database.\n"
                           "\n"
                           "**Why:** a mocked migration passed while production broke.\n";

const QByteArray kFlat = "---\n"
                         "name: user-role\n"
                         "description: The user is a data scientist\n"
                         "type: user\n"
                         "---\n"
                         "\n"
                         "The user is a data scientist focused on logging.\n";

/// The front matter of `bytes` as YAML, flattened as Claude Code reads it: top-level keys
/// and metadata's (metadata winning), every value its text. Fails the test when it is not YAML.
QJsonObject yamlOf(const QByteArray &bytes)
{
    const qsizetype end = bytes.indexOf("\n---\n", 3);
    if (!bytes.startsWith("---\n") || end < 0)
        return { { QStringLiteral("error"), QStringLiteral("no front matter") } };
    const auto parsed = io::YamlJson::parse(bytes.mid(4, end - 3), QStringLiteral("test"));
    if (!parsed || !parsed->isObject())
        return { { QStringLiteral("error"), parsed ? QStringLiteral("not a map") : parsed.error().message } };
    QJsonObject out;
    const QJsonObject top = parsed->toObject();
    for (auto it = top.constBegin(); it != top.constEnd(); ++it) {
        if (it.key() != QLatin1String("metadata"))
            out.insert(it.key(), it.value().isString() ? it.value() : QJsonValue(it.value().toVariant().toString()));
    }
    const QJsonObject meta = top.value(QStringLiteral("metadata")).toObject();
    for (auto it = meta.constBegin(); it != meta.constEnd(); ++it)
        out.insert(it.key(), it.value().isString() ? it.value() : QJsonValue(it.value().toVariant().toString()));
    return out;
}

QJsonObject withoutBody(QJsonObject o)
{
    o.remove(QStringLiteral("body"));
    return o;
}

} // namespace

class TestClaudeFrontMatter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nestedAndFlatFilesGiveTheSameKindOfFields()
    {
        const auto nested = ClaudeFrontMatter::fields(kNested);
        QVERIFY(nested);
        QCOMPARE(nested->value(QStringLiteral("name")).toString(), QStringLiteral("real-db-in-tests"));
        QCOMPARE(nested->value(QStringLiteral("type")).toString(), QStringLiteral("feedback"));
        QCOMPARE(nested->value(QStringLiteral("node_type")).toString(), QStringLiteral("memory"));
        QVERIFY(nested->value(QStringLiteral("body")).toString().startsWith(QStringLiteral("Integration tests must")));
        QVERIFY(!nested->contains(QStringLiteral("metadata")));

        const auto flat = ClaudeFrontMatter::fields(kFlat);
        QVERIFY(flat);
        QCOMPARE(flat->value(QStringLiteral("type")).toString(), QStringLiteral("user"));
        QCOMPARE(flat->value(QStringLiteral("description")).toString(), QStringLiteral("The user is a data scientist"));
    }

    // The bug this replaces: `type: project` written unindented between the nested lines.
    void aChangedTypeStaysUnderMetadataAndEveryOtherLineKeepsItsBytes()
    {
        QJsonObject target = *ClaudeFrontMatter::fields(kNested);
        target.insert(QStringLiteral("type"), QStringLiteral("project"));
        const QByteArray out = ClaudeFrontMatter::rewrite(kNested, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QByteArray expected = kNested;
        expected.replace("  type: feedback\n", "  type: project\n");
        QCOMPARE(out, expected);
    }

    void aNewKeyGoesUnderMetadataWithItsIndent()
    {
        QJsonObject target = *ClaudeFrontMatter::fields(kNested);
        target.insert(QStringLiteral("category"), QStringLiteral("pitfall"));
        const QByteArray out = ClaudeFrontMatter::rewrite(kNested, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QVERIFY2(out.contains("  originSessionId: 3b1f0c2e-5d7a-4c1e-9f00-1a2b3c4d5e6f\n  category: pitfall\n---\n"),
                 out.constData());
    }

    void aFlatFileStaysFlat()
    {
        QJsonObject target = *ClaudeFrontMatter::fields(kFlat);
        target.insert(QStringLiteral("type"), QStringLiteral("feedback"));
        target.insert(QStringLiteral("description"), QStringLiteral("Role: data scientist #1"));
        const QByteArray out = ClaudeFrontMatter::rewrite(kFlat, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QVERIFY(!out.contains("metadata:"));
        QVERIFY2(out.contains("description: \"Role: data scientist #1\"\n"), out.constData());
        QCOMPARE(ClaudeFrontMatter::fields(out)->value(QStringLiteral("body")), target.value(QStringLiteral("body")));
    }

    // Values YAML would read as something else, or not at all, are quoted.
    void valuesThatAreNotPlainTextAreQuoted_data()
    {
        QTest::addColumn<QString>("value");
        for (const char *v : { "true", "42", "~", "- a list?", "key: value", "ends with a colon:", "#hash", "\"quoted\"",
                               "two\nlines", " padded ", "null", "3.5", "[x]", "{y}", "& anchor", "* alias", "中文 描述" })
            QTest::newRow(v) << QString::fromUtf8(v);
    }
    void valuesThatAreNotPlainTextAreQuoted()
    {
        QFETCH(QString, value);
        QJsonObject target = *ClaudeFrontMatter::fields(kNested);
        target.insert(QStringLiteral("description"), value);
        target.insert(QStringLiteral("type"), value);
        QCOMPARE(yamlOf(ClaudeFrontMatter::rewrite(kNested, target)), withoutBody(target));
        QCOMPARE(yamlOf(ClaudeFrontMatter::fresh(target)), withoutBody(target));
    }

    // A key at the top that metadata holds too: metadata's value is read, and a change is
    // written there, the top one dropped.
    void aKeyInBothPlacesIsChangedWhereItIsRead()
    {
        const QByteArray both = "---\nname: x\ntype: user\nmetadata:\n  type: feedback\n---\n\nText.\n";
        QCOMPARE(ClaudeFrontMatter::fields(both)->value(QStringLiteral("type")).toString(), QStringLiteral("feedback"));
        QJsonObject target = *ClaudeFrontMatter::fields(both);
        target.insert(QStringLiteral("type"), QStringLiteral("project"));
        const QByteArray out = ClaudeFrontMatter::rewrite(both, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QCOMPARE(out, QByteArray("---\nname: x\nmetadata:\n  type: project\n---\n\nText.\n"));
    }

    // Lines an older writer left that are not YAML still read; a write makes them YAML.
    void plainLinesThatAreNotYamlReadAndAreWrittenAsYaml()
    {
        const QByteArray loose = "---\nname: tools\ndescription: use rg: it is faster\ntype: reference\n---\n\nUse rg.\n";
        const auto fields = ClaudeFrontMatter::fields(loose);
        QVERIFY(fields);
        QCOMPARE(fields->value(QStringLiteral("description")).toString(), QStringLiteral("use rg: it is faster"));
        QJsonObject target = *fields;
        target.insert(QStringLiteral("type"), QStringLiteral("feedback"));
        const QByteArray out = ClaudeFrontMatter::rewrite(loose, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QCOMPARE(*ClaudeFrontMatter::fields(out), target);
    }

    // A folded description over several lines: kept as it is when another key changes,
    // replaced whole when it changes.
    void aBlockScalarIsKeptOrReplacedWhole()
    {
        const QByteArray folded = "---\nname: deploys\ndescription: >\n  Deploys go out\n  on Fridays\nmetadata:\n  type: project\n---\n\nText.\n";
        QJsonObject target = *ClaudeFrontMatter::fields(folded);
        QCOMPARE(target.value(QStringLiteral("description")).toString(), QStringLiteral("Deploys go out on Fridays\n"));
        target.insert(QStringLiteral("type"), QStringLiteral("reference"));
        QByteArray out = ClaudeFrontMatter::rewrite(folded, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QVERIFY(out.contains("description: >\n  Deploys go out\n  on Fridays\n"));
        target.insert(QStringLiteral("description"), QStringLiteral("Deploys go out on Mondays"));
        out = ClaudeFrontMatter::rewrite(folded, target);
        QCOMPARE(yamlOf(out), withoutBody(target));
        QVERIFY(!out.contains("Fridays"));
    }

    void aNewFileIsInClaudeCodesCurrentForm()
    {
        const QJsonObject target { { QStringLiteral("name"), QStringLiteral("pnpm-not-npm") },
                                   { QStringLiteral("description"), QStringLiteral("Use pnpm in this repository") },
                                   { QStringLiteral("type"), QStringLiteral("feedback") },
                                   { QStringLiteral("category"), QStringLiteral("pitfall") },
                                   { QStringLiteral("body"), QStringLiteral("Use pnpm, never npm.") } };
        const QByteArray out = ClaudeFrontMatter::fresh(target);
        QCOMPARE(out, QByteArray("---\nname: pnpm-not-npm\ndescription: Use pnpm in this repository\nmetadata:\n"
                                 "  type: feedback\n  category: pitfall\n---\n\nUse pnpm, never npm.\n"));
        QCOMPARE(*ClaudeFrontMatter::fields(out), target);
    }

    void categoriesMapToTheFourTypesAndComeBack()
    {
        const ClaudeMemoryFormat format;
        Memory m;
        m.id = QStringLiteral("mem_1");
        m.content = QStringLiteral("Never run the migrations twice: the second run drops the audit table\nmore text");
        for (const auto &[category, type] : { std::pair { "pitfall", "feedback" }, std::pair { "identity", "user" },
                                              std::pair { "episode", "project" }, std::pair { "fact", "reference" },
                                              std::pair { "feedback", "feedback" } }) {
            m.category = QLatin1String(category);
            const QJsonObject p = format.projection(m);
            QCOMPARE(p.value(QStringLiteral("type")).toString(), QLatin1String(type));
            QVERIFY(ClaudeMemoryFormat::isClaudeType(p.value(QStringLiteral("type")).toString()));
            QCOMPARE(ClaudeMemoryFormat::categoryOf(p), m.category);
            const auto parsed = format.parse(format.fresh(p), QStringLiteral("mem_1.md"), 0, 24);
            QVERIFY(parsed);
            QCOMPARE(parsed->memory.category, m.category);
        }
        // A memory with no name or description gets both from its text.
        const QJsonObject p = format.projection(m);
        QCOMPARE(p.value(QStringLiteral("name")).toString(), QStringLiteral("never-run-the-migrations-twice-the"));
        QCOMPARE(p.value(QStringLiteral("description")).toString(),
                 QStringLiteral("Never run the migrations twice: the second run drops the audit table"));
        // A type changed by hand wins over the category kept beside it.
        QCOMPARE(ClaudeMemoryFormat::categoryOf({ { QStringLiteral("type"), QStringLiteral("user") },
                                                   { QStringLiteral("category"), QStringLiteral("pitfall") } }),
                 QStringLiteral("user"));
    }

    void indexLinesFollowClaudeCodesRule()
    {
        const QString longHook(400, QLatin1Char('x'));
        const QString line = ClaudeMemoryFormat::indexLine(
            QStringLiteral("mem_01.md"), { { QStringLiteral("name"), QStringLiteral("pnpm-not-npm") },
                                           { QStringLiteral("description"), QStringLiteral("Use pnpm. ") + longHook } });
        QVERIFY(line.startsWith(QStringLiteral("- [pnpm-not-npm](mem_01.md) — Use pnpm.")));
        QVERIFY(line.size() <= ClaudeMemoryFormat::kIndexLineLength);
        const QString fromBody = ClaudeMemoryFormat::indexLine(
            QStringLiteral("a.md"), { { QStringLiteral("name"), QStringLiteral("a") }, { QStringLiteral("body"), QStringLiteral("Short body") } });
        QCOMPARE(fromBody, QStringLiteral("- [a](a.md) — Short body"));
    }
};

QTEST_GUILESS_MAIN(TestClaudeFrontMatter)
#include "tst_claude_front_matter.moc"
