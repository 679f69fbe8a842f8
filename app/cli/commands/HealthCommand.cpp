// recollector-cli health: every memory by strength with the days until it fades
// (docs/cli.md, "health"). Coloured on a terminal: red < 30, yellow < 60, green otherwise.
#include "Command.h"
#include "DecisionOutput.h"

#include <QJsonArray>

#include <algorithm>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace recollector::cli {

using namespace recollector::core;

class HealthCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("health"); }
    QString summary() const override { return QStringLiteral("every memory by strength, with the days until it fades"); }
    QString usage() const override { return {}; }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (!args.isEmpty())
            return ctx.fail(QStringLiteral("health: takes no arguments"), 2);
        auto memories = ctx.store()->memories().all(false);
        if (!memories)
            return ctx.fail(memories.error());
        const ScoringProfile &profile = ctx.profile();
        std::vector<QJsonObject> rows;
        rows.reserve(memories->size());
        for (const Memory &m : *memories) {
            QJsonObject o = ctx.memoryObject(m);
            const ScoreInput in = ctx.scoreInput(m);
            // daysUntilFade (docs/cli.md, "health"): days until the archive (weak) line, to 0.1
            // day; null = never.
            const auto days = profile.daysUntilWeak(in, ctx.now());
            o.insert(QStringLiteral("daysUntilFade"), days ? QJsonValue(*days) : QJsonValue(QJsonValue::Null));
            o.insert(QStringLiteral("factors"), profile.factors(in, ctx.now()));
            rows.push_back(o);
        }
        std::stable_sort(rows.begin(), rows.end(), [](const QJsonObject &a, const QJsonObject &b) {
            const double sa = a.value(QStringLiteral("strength")).toDouble();
            const double sb = b.value(QStringLiteral("strength")).toDouble();
            if (sa != sb)
                return sa > sb;
            return a.value(QStringLiteral("id")).toString() < b.value(QStringLiteral("id")).toString();
        });
        if (ctx.json) {
            QJsonArray array;
            for (const QJsonObject &o : rows)
                array.append(o);
            ctx.printJson(array);
            return 0;
        }
        bool colour = false;
#ifdef Q_OS_UNIX
        colour = ::isatty(::fileno(stdout)) && qEnvironmentVariableIsEmpty("NO_COLOR");
#endif
        QTextStream &out = ctx.out();
        out << "strength  tier       fades in  id" << QString(24, QLatin1Char(' ')) << "content\n";
        for (const QJsonObject &o : rows) {
            const double strength = o.value(QStringLiteral("strength")).toDouble();
            const char *code = strength < 30 ? "\x1b[31m" : strength < 60 ? "\x1b[33m" : "\x1b[32m";
            const QJsonValue days = o.value(QStringLiteral("daysUntilFade"));
            const QString fades = days.isNull() ? QStringLiteral("never") : QString::number(days.toDouble(), 'f', 1) + QStringLiteral(" d");
            QString content = o.value(QStringLiteral("content")).toString().simplified();
            if (content.size() > 50)
                content = content.left(49) + QChar(0x2026);
            if (colour)
                out << code;
            out << QString::number(strength, 'f', 0).rightJustified(8) << "  "
                << o.value(QStringLiteral("tier")).toString().leftJustified(9) << "  " << fades.rightJustified(8) << "  "
                << o.value(QStringLiteral("id")).toString().leftJustified(26) << "  " << content;
            if (colour)
                out << "\x1b[0m";
            out << "\n";
        }
        out << rows.size() << (rows.size() == 1 ? " memory" : " memories") << ", profile " << profile.name() << "\n";
        out.flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(HealthCommand);

} // namespace recollector::cli
