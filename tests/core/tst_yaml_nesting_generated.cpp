// The YAML nesting pre-scan against yaml-cpp on generated documents: a differential run kept
// as a test. The scan may refuse a document for depth only when it is that deep, so on every
// document yaml-cpp reads it must count no more levels than yaml-cpp builds. Its own program:
// 300,000 documents take a second (five under ASan).
#include "YamlTreeDepth.h"

#include "model/YamlNesting.h"

#include <QtTest>

#include <yaml-cpp/yaml.h>

#include <iterator>
#include <random>
#include <string>

using namespace engram;
using namespace engram::core;

class TestYamlNestingGenerated : public QObject
{
    Q_OBJECT

private slots:
    void nestingIsALowerBoundOnGeneratedDocuments()
    {
        // 300,000 documents of up to 20 pieces of YAML (indicators, properties, quotes, breaks,
        // indentation, odd bytes) from a fixed seed, each measured by the scan and built by
        // yaml-cpp. Such runs found the flow and property rules of core.yaml_limits'
        // nestingCountsOnlyStructure that the fuzz runs had not.
        static const char *const pieces[] = { "&a", "&", "!t", "!", "!!str ", "*a", ",", "[", "]", "{", "}",
            ":", ": ", "- ", "-", "? ", "?", "\n", "\n", " ", "  ", "x", "y z", "'", "\"", "#", "|", ">", "\t",
            "...", "---", "%", "@", "`", "\\", "\r", "\x9b", "0", "1.5", "\n  ", "\n- ", "\n  - ", "k: ",
            "\n    ", "[a, ", "{k: ", "]\n", "}\n", "&x ", "!x ", "\"a\\\"", "'b''", "|\n  ", "> ", "# c\n",
            "\xc3\xa9", "\n  ? ", "\n: ", "--- ", "\n...\n", "*x", "\x04" };
        std::mt19937 random(1);
        int compared = 0;
        for (int i = 0; i < 300000; ++i) {
            std::string yaml;
            const int count = 1 + int(random() % 20);
            for (int k = 0; k < count; ++k)
                yaml += pieces[random() % std::size(pieces)];
            const int counted = io::YamlNesting::measure(QByteArray::fromStdString(yaml));
            if (counted == 0)
                continue;
            int built = 0;
            try {
                built = test::yamlTreeDepth(YAML::Load(yaml), counted + 1);
            } catch (const std::exception &) {
                continue; // not YAML for yaml-cpp: nothing to compare
            }
            ++compared;
            QVERIFY2(counted <= built,
                qPrintable(QStringLiteral("counted %1, yaml-cpp built %2: %3")
                        .arg(counted)
                        .arg(built)
                        .arg(QString::fromUtf8(QByteArray::fromStdString(yaml).toPercentEncoding(" :-[]{}?&!*,#'\"")))));
        }
        QVERIFY2(compared > 20000, qPrintable(QString::number(compared))); // the run compared enough to mean something
    }
};

QTEST_GUILESS_MAIN(TestYamlNestingGenerated)
#include "tst_yaml_nesting_generated.moc"
