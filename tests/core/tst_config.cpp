// Config (docs/formats.md, "Configuration (config.yaml)"): the shipped file states exactly the
// defaults, every category carries the notes' parameters, bad input names the file, line and
// key, and YAML round-trips.
#include "config/Config.h"

#include <QFile>
#include <QtTest>

#include <yaml-cpp/yaml.h>

#include <map>
#include <string>

using namespace recollector::core;

namespace {

const QString kShipped = QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/config.yaml");

/// Every scalar leaf of a YAML tree by dotted key.
void flatten(const YAML::Node &node, const std::string &prefix, std::map<std::string, std::string> &out)
{
    if (node.IsMap()) {
        for (auto it = node.begin(); it != node.end(); ++it)
            flatten(it->second, prefix.empty() ? it->first.Scalar() : prefix + "." + it->first.Scalar(), out);
    } else {
        out[prefix] = node.Scalar();
    }
}

std::map<std::string, std::string> leaves(const QByteArray &yaml)
{
    std::map<std::string, std::string> out;
    flatten(YAML::Load(yaml.toStdString()), {}, out);
    return out;
}

} // namespace

class TestConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shippedFileParsesToTheDefaults()
    {
        auto loaded = Config::fromYamlFile(kShipped);
        QVERIFY2(loaded, loaded ? "" : qPrintable(loaded.error().message));
        QVERIFY(*loaded == Config::defaults());
    }

    void shippedFileStatesEveryKey()
    {
        // Parsing starts from the defaults, so equality alone would not notice a key missing
        // from the file: compare the file's leaves with everything toYaml() writes.
        QFile file(kShipped);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto shipped = leaves(file.readAll());
        const auto written = leaves(Config::defaults().toYaml());
        for (const auto &[key, value] : written) {
            const auto it = shipped.find(key);
            QVERIFY2(it != shipped.end(), key.c_str());
            // Same number, whatever the spelling (2.0 vs 2).
            bool numeric = false;
            const double a = QString::fromStdString(value).toDouble(&numeric);
            if (numeric)
                QCOMPARE(QString::fromStdString(it->second).toDouble(), a);
            else
                QCOMPARE(QString::fromStdString(it->second), QString::fromStdString(value));
        }
        QCOMPARE(shipped.size(), written.size());
    }

    void categoriesCarryTheNotesParameters_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("importance");      // the enhanced design's I
        QTest::addColumn<double>("dailyFactor");     // the importance design's daily factor
        QTest::addColumn<double>("graceDays");
        QTest::addColumn<bool>("neverDecays");
        QTest::addColumn<double>("maxAgeDays");
        QTest::addColumn<double>("deleteBelow");
        QTest::addColumn<double>("decayRateFactor"); // docs/scoring.md, "Decay rate"
        QTest::newRow("identity") << "identity" << 1.5 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("stable_preference") << "stable_preference" << 1.3 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("short_term_preference") << "short_term_preference" << 0.9 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("fact") << "fact" << 1.1 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("skill") << "skill" << 1.2 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("temporary") << "temporary" << 0.8 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("system never decays") << "system" << 1.1 << 1.0 << 0.0 << true << 0.0 << 0.0 << 1.0;
        QTest::newRow("core never decays") << "core" << 1.1 << 1.0 << 0.0 << true << 0.0 << 0.0 << 1.0;
        QTest::newRow("episode ×0.8 after 7 d, gone at 14 d") << "episode" << 1.1 << 0.8 << 7.0 << false << 14.0 << 0.0 << 1.0;
        QTest::newRow("pitfall decays 10 % slower") << "pitfall" << 1.1 << 0.95 << 7.0 << false << 0.0 << 0.3 << 0.9;
        QTest::newRow("rule (lifecycle design)") << "rule" << 1.1 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
        QTest::newRow("unknown gets fact's") << "no-such-category" << 1.1 << 0.95 << 7.0 << false << 0.0 << 0.3 << 1.0;
    }
    void categoriesCarryTheNotesParameters()
    {
        QFETCH(QString, name);
        QFETCH(double, importance);
        QFETCH(double, dailyFactor);
        QFETCH(double, graceDays);
        QFETCH(bool, neverDecays);
        QFETCH(double, maxAgeDays);
        QFETCH(double, deleteBelow);
        QFETCH(double, decayRateFactor);
        const Config c = Config::defaults();
        const CategoryConfig &cat = c.category(name);
        QCOMPARE(cat.enhancedImportance, importance);
        QCOMPARE(cat.dailyDecayFactor, dailyFactor);
        QCOMPARE(cat.graceDays, graceDays);
        QCOMPARE(cat.neverDecays, neverDecays);
        QCOMPARE(cat.maxAgeDays, maxAgeDays);
        QCOMPARE(cat.deleteBelow, deleteBelow);
        QCOMPARE(cat.decayRateFactor, decayRateFactor);
    }

    void defaultsAreTheNotesNumbers()
    {
        const Config c = Config::defaults();
        QCOMPARE(c.decay.initialStability, 24.0);
        QCOMPARE(c.decay.manualStability, 168.0);
        QCOMPARE(c.decay.maxStability, 8760.0);
        QCOMPARE(c.decay.archiveThreshold, 10.0);
        QCOMPARE(c.decay.deleteThreshold, 5.0);
        QCOMPARE(c.reinforce.retrieve, 1.2);
        QCOMPARE(c.reinforce.taskSuccess, 2.0);
        QCOMPARE(c.reinforce.taskFailure, 0.8);
        QCOMPARE(c.reinforce.manualReview, 1.5);
        QCOMPARE(c.reinforce.associationHit, 1.1);
        QCOMPARE(c.enhanced.semanticBoost, 0.5);
        QCOMPARE(c.enhanced.frequentSemanticBoost, 0.3);
        QCOMPARE(c.conflicts.minFactor, 0.3);
        QCOMPARE(c.conflicts.recoveryPerDay, 0.01);
        QCOMPARE(c.budgets.activeEpisodes, 1000);
        QCOMPARE(c.budgets.compressed, 5000);
        QCOMPARE(c.budgets.semanticRules, 200);
        QCOMPARE(c.budgets.purgeAfterDays, 30.0);
    }

    void badInputNamesFileLineAndKey_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not YAML") << QByteArray("memory:\n  decay: [1, 2\n  reinforce: {\n") << "store.yaml:";
        QTest::newRow("out of range") << QByteArray("memory:\n  decay:\n    maxStability: -5\n")
                                      << "store.yaml:3: memory.decay.maxStability: -5 is out of range";
        QTest::newRow("not a number") << QByteArray("lifecycle:\n  ageLambda: fast\n")
                                      << "store.yaml:2: lifecycle.ageLambda: expected a number";
        QTest::newRow("not a whole number") << QByteArray("budgets:\n  compressed: 12.5\n")
                                            << "store.yaml:2: budgets.compressed: expected a whole number";
        QTest::newRow("a typo is not ignored") << QByteArray("memory:\n  decay:\n    archiveTreshold: 12\n")
                                               << "store.yaml:3: memory.decay.archiveTreshold: unknown key";
        QTest::newRow("unknown section") << QByteArray("colours:\n  red: 1\n") << "store.yaml:1: colours: unknown key";
        QTest::newRow("category out of range") << QByteArray("categories:\n  episode:\n    dailyDecayFactor: 1.5\n")
                                               << "store.yaml:3: categories.episode.dailyDecayFactor: 1.5 is out of range";
        QTest::newRow("category key unknown") << QByteArray("categories:\n  fact:\n    halfLife: 3\n")
                                              << "store.yaml:3: categories.fact.halfLife: unknown key";
        QTest::newRow("category flag") << QByteArray("categories:\n  fact:\n    neverDecays: perhaps\n")
                                       << "store.yaml:3: categories.fact.neverDecays: expected true or false";
        QTest::newRow("thresholds out of order") << QByteArray("memory:\n  decay:\n    deleteThreshold: 20\n")
                                                 << "store.yaml:3: memory.decay: deleteThreshold ≤ archiveThreshold";
        QTest::newRow("not a mapping") << QByteArray("- a\n- b\n") << "store.yaml:1: (top level)";
        QTest::newRow("bad choice") << QByteArray("conflicts:\n  onTemporalShift: coin_toss\n")
                                    << "store.yaml:2: conflicts.onTemporalShift: 'coin_toss' is not one of";
    }
    void badInputNamesFileLineAndKey()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        const auto result = Config::fromYamlText(yaml, QStringLiteral("store.yaml"));
        QVERIFY(!result);
        QVERIFY2(result.error().message.startsWith(expected), qPrintable(result.error().message));
    }

    void missingFileIsAnIoError()
    {
        const auto result = Config::fromYamlFile(QStringLiteral("/nonexistent/recollector.yaml"));
        QVERIFY(!result);
        QCOMPARE(result.error().code, Error::Code::Io);
        QVERIFY(result.error().message.contains(QStringLiteral("/nonexistent/recollector.yaml")));
    }

    void emptyFileIsTheDefaults()
    {
        const auto result = Config::fromYamlText(QByteArray(), QStringLiteral("empty.yaml"));
        QVERIFY(result);
        QVERIFY(*result == Config::defaults());
    }

    void partialFileOverridesOnlyItsKeys()
    {
        const auto result = Config::fromYamlText("enhanced:\n  userFactor: 1.3\ncategories:\n  mood:\n    importance: 0.7\n",
                                                 QStringLiteral("partial.yaml"));
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(result->enhanced.userFactor, 1.3);
        QCOMPARE(result->decay.maxStability, 8760.0);
        // A new category starts from fact's parameters.
        QCOMPARE(result->category(QStringLiteral("mood")).enhancedImportance, 0.7);
        QCOMPARE(result->category(QStringLiteral("mood")).deleteBelow, 0.3);
        QCOMPARE(result->category(QStringLiteral("mood")).name, QStringLiteral("mood"));
    }

    void roundTrip()
    {
        Config c = Config::defaults();
        c.decay.maxStability = 4000;
        c.decay.wellReinforcedCount = 7;
        c.reinforce.taskSuccess = 2.5;
        c.enhanced.userFactor = 0.8;
        c.enhanced.deleteArchivedAfterDays = 365;
        c.importance.boost = 0.25;
        c.lifecycle.ageLambda = 0.123456789;
        c.conflicts.onTemporalShift = QStringLiteral("flag");
        c.budgets.semanticRules = 150;
        c.categories.push_back(CategoryConfig{QStringLiteral("mood"), 0.7, 0.5, 2, false, 5, 0.1, 1.3});
        c.categories[0].dailyDecayFactor = 0.9;
        const QByteArray yaml = c.toYaml();
        QVERIFY(!yaml.isEmpty());
        QVERIFY2(!yaml.contains("0.10000000000000001"), "numbers are written in their shortest form");
        const auto back = Config::fromYamlText(yaml, QStringLiteral("roundtrip.yaml"));
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QVERIFY(*back == c);
    }

    void keysCoverEveryWrittenKey()
    {
        // The settings form is built from keys(): it must offer every key the file holds
        // outside `categories`, each with the value and range the reader uses.
        auto written = leaves(Config::defaults().toYaml());
        std::erase_if(written, [](const auto &kv) { return kv.first.rfind("categories.", 0) == 0; });
        const auto &keys = Config::keys();
        QCOMPARE(keys.size(), written.size());
        const Config defaults = Config::defaults();
        for (const ConfigKey &k : keys) {
            const auto it = written.find(k.key.toStdString());
            QVERIFY2(it != written.end(), qPrintable(k.key));
            const QVariant v = defaults.value(k.key);
            QVERIFY2(v.isValid(), qPrintable(k.key));
            if (k.type == ConfigKey::Type::Choice) {
                QVERIFY(k.choices.contains(v.toString()));
                QCOMPARE(v.toString(), QString::fromStdString(it->second));
            } else {
                QCOMPARE(v.toDouble(), QString::fromStdString(it->second).toDouble());
                QVERIFY2(k.min <= v.toDouble() && v.toDouble() <= k.max, qPrintable(k.key));
            }
        }
        QVERIFY(!defaults.value(QStringLiteral("memory.decay.nope")).isValid());
    }

    void setValueAndValidate()
    {
        Config c = Config::defaults();
        QVERIFY(c.validate());
        QVERIFY(c.setValue(QStringLiteral("enhanced.userFactor"), 1.3));
        QCOMPARE(c.enhanced.userFactor, 1.3);
        QVERIFY(c.setValue(QStringLiteral("budgets.semanticRules"), QStringLiteral("150")));
        QCOMPARE(c.budgets.semanticRules, 150);
        QVERIFY(c.setValue(QStringLiteral("conflicts.onScopeOverlap"), QStringLiteral("flag")));
        QCOMPARE(c.conflicts.onScopeOverlap, QStringLiteral("flag"));
        QVERIFY(!c.setValue(QStringLiteral("enhanced.userFactorr"), 1.0));
        QVERIFY(!c.setValue(QStringLiteral("budgets.compressed"), QStringLiteral("many")));
        QVERIFY(c.validate());

        // The same verdicts as reading the YAML, with the key first.
        QVERIFY(c.setValue(QStringLiteral("enhanced.userFactor"), 20));
        auto st = c.validate();
        QVERIFY(!st);
        QCOMPARE(st.error().message, QStringLiteral("enhanced.userFactor: 20 is out of range [0.1, 10]"));
        const auto viaYaml = Config::fromYamlText(c.toYaml(), QStringLiteral("x.yaml"));
        QVERIFY(!viaYaml);
        QVERIFY2(viaYaml.error().message.endsWith(st.error().message), qPrintable(viaYaml.error().message));

        c = Config::defaults();
        c.decay.deleteThreshold = 50;
        st = c.validate();
        QVERIFY(!st);
        QVERIFY2(st.error().message.startsWith(QStringLiteral("memory.decay: deleteThreshold")), qPrintable(st.error().message));

        c = Config::defaults();
        c.categories[2].dailyDecayFactor = 1.5;
        st = c.validate();
        QVERIFY(!st);
        QCOMPARE(st.error().message,
                 QStringLiteral("categories.%1.dailyDecayFactor: 1.5 is out of range [0, 1]").arg(c.categories[2].name));

        c = Config::defaults();
        c.conflicts.onDirectContradiction = QStringLiteral("latest_wins");
        QVERIFY(!c.validate());
        c = Config::defaults();
        c.associations.maxDepth = 0;
        QVERIFY(c.validate().error().message.startsWith(QStringLiteral("associations.maxDepth: 0 is out of range")));
    }
};

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
