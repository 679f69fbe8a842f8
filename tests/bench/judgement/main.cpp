// recollector-judgement-bench: contradictions, updates and duplicates on labelled pairs
// (docs/scoring.md#judgement-benchmark).
// Usage: recollector-judgement-bench --locomo DIR [--labels FILE] [--written FILE] [--synthetic N] [--verbose]
#include "JudgementBench.h"
#include "JudgementPairs.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace recollector::bench;

namespace {

QString option(const QStringList &args, const QString &name, const QString &fallback)
{
    const qsizetype at = args.indexOf(name);
    return at >= 0 && at + 1 < args.size() ? args.at(at + 1) : fallback;
}

const char *outcomeName(JudgementBench::Outcome o)
{
    switch (o) {
    case JudgementBench::Outcome::Conflict: return "conflict";
    case JudgementBench::Outcome::Superseded: return "superseded";
    case JudgementBench::Outcome::OneMemory: return "one memory";
    case JudgementBench::Outcome::Listed: return "listed as duplicates";
    case JudgementBench::Outcome::Nothing: break;
    }
    return "nothing";
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QStringList args = app.arguments();
    const QString locomo = option(args, QStringLiteral("--locomo"), {});
    if (locomo.isEmpty()) {
        err << "usage: recollector-judgement-bench --locomo DIR [--labels FILE] [--written FILE] [--synthetic N] "
               "[--verbose]\n";
        return 2;
    }
    const QString data = QStringLiteral(RECOLLECTOR_SOURCE_DIR "/tests/data/judgement/");
    QList<LabelledPair> pairs;
    if (QString e = readLocomoPairs(option(args, QStringLiteral("--labels"), data + QStringLiteral("locomo-pairs.tsv")),
                                    locomo, pairs);
        !e.isEmpty()) {
        err << e << '\n';
        return 1;
    }
    // The blind check: pairs of the kept-apart conversations labelled after the rules last
    // changed, before they were run on them (docs/scoring.md#judgement-benchmark).
    if (!args.contains(QStringLiteral("--labels"))) {
        QList<LabelledPair> fresh;
        if (QString e = readLocomoPairs(data + QStringLiteral("locomo-pairs-fresh.tsv"), locomo, fresh); !e.isEmpty()) {
            err << e << '\n';
            return 1;
        }
        for (LabelledPair &p : fresh)
            p.set = QStringLiteral("labelled afresh");
        pairs += fresh;
    }
    if (QString e = readWrittenPairs(option(args, QStringLiteral("--written"), data + QStringLiteral("written-pairs.tsv")),
                                     pairs);
        !e.isEmpty()) {
        err << e << '\n';
        return 1;
    }
    const bool verbose = args.contains(QStringLiteral("--verbose"));
    JudgementBench bench;
    for (const LabelledPair &p : pairs) {
        JudgementBench::Outcome outcome = JudgementBench::Outcome::Nothing;
        QString why;
        if (const QString e = bench.run(p, outcome, why); !e.isEmpty()) {
            err << p.source << ": " << e << '\n';
            return 1;
        }
        bench.count(p, outcome);
        if (verbose)
            out << p.set << " | " << p.source << " | " << p.label << " → " << outcomeName(outcome) << " | " << p.older
                << " || " << p.newer << (why.isEmpty() ? QString() : QStringLiteral(" | ") + why) << '\n';
    }
    out << bench.table();
    if (const int n = option(args, QStringLiteral("--synthetic"), QStringLiteral("0")).toInt(); n > 0)
        out << syntheticRun(n, 12);
    return 0;
}
