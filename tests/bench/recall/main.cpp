// recollector-recall-bench: recall@1/5/10 on LoCoMo against a bare FTS5 index
// (docs/scoring.md, "Recall benchmark"). Usage: recollector-recall-bench --locomo DIR
#include "LocomoData.h"
#include "RecallBench.h"

#include <QCoreApplication>
#include <QDir>
#include <QTextStream>

using namespace recollector::bench;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QStringList args = app.arguments();
    const qsizetype at = args.indexOf(QStringLiteral("--locomo"));
    if (at < 0 || at + 1 >= args.size()) {
        err << "usage: recollector-recall-bench --locomo DIR  (a folder of LoCoMo conversations, one .json each)\n";
        return 2;
    }
    const QDir dir(args.at(at + 1));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty()) {
        err << dir.path() << ": no .json conversation in it\n";
        return 2;
    }
    RecallBench bench;
    for (const QString &file : files) {
        LocomoConversation conversation;
        if (const QString e = LocomoConversation::read(dir.filePath(file), conversation); !e.isEmpty()) {
            err << e << '\n';
            return 1;
        }
        if (const QString e = bench.run(conversation); !e.isEmpty()) {
            err << file << ": " << e << '\n';
            return 1;
        }
        err << file << ": " << conversation.observations.size() << " memories, " << conversation.questions.size()
            << " questions\n";
        err.flush();
    }
    out << bench.table();
    return 0;
}
