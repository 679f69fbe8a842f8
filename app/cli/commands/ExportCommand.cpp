// recollector-cli export PATH: the whole store as a JSON / YAML memory set, CSV, or an agent memory
// folder (docs/formats.md, "Agent memory folders"; docs/cli.md, "export").
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"

#include "io/Exporter.h"
#include "formats/AdapterExport.h"
#include "formats/FormatRegistry.h"

#include <QJsonObject>

namespace recollector::cli {

using namespace recollector::core;

class ExportCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("export"); }
    QString summary() const override
    {
        return QStringLiteral("export the store as a memory set, CSV, or an agent memory folder");
    }
    QString usage() const override
    {
        return QStringLiteral("PATH [--format json|yaml|csv|folder|%1] [--include-level3-plain]")
            .arg(io::formats::FormatRegistry::instance().writableNames().join(QLatin1Char('|')));
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({ QStringLiteral("format") }, { QStringLiteral("include-level3-plain") });
        if (!parser.parse(args))
            return ctx.fail(QStringLiteral("export: %1").arg(parser.error()), 2);
        if (parser.positional().size() != 1)
            return ctx.fail(QStringLiteral("export: expected one PATH"), 2);
        const QString path = parser.positional().first();
        std::optional<io::SetFormat> format;
        if (const auto name = parser.value(QStringLiteral("format"))) {
            if (const io::FormatAdapter *adapter = io::formats::FormatRegistry::instance().byName(*name))
                return exportWith(ctx, *adapter, path, parser.isSet(QStringLiteral("include-level3-plain")));
            format = io::formatFromName(*name);
            if (!format || *format == io::SetFormat::LegacyArray)
                return ctx.fail(
                    QStringLiteral("export: --format must be json, yaml, csv, folder or %1, not '%2'")
                        .arg(io::formats::FormatRegistry::instance().writableNames().join(QStringLiteral(", ")), *name),
                    2);
        } else {
            format = io::Exporter::formatForPath(path);
            if (!format)
                return ctx.fail(
                    QStringLiteral(
                        "export: cannot tell the format from '%1'; add --format json|yaml|csv|folder")
                        .arg(path),
                    2);
        }

        Store *store = ctx.store();
        if (!store)
            return 1;
        io::ExportOptions options;
        options.format = *format;
        options.exportedAt = ctx.now();
        options.profile = &ctx.profile();
        options.includeLevel3Plain = parser.isSet(QStringLiteral("include-level3-plain"));
        auto report = io::Exporter(*store).write(path, options);
        if (!report)
            return ctx.fail(report.error());
        for (const QString &skipped : report->skipped)
            ctx.err() << "recollector-cli: warning: " << skipped << Qt::endl;
        if (ctx.json) {
            QJsonObject summary { { QStringLiteral("memories"), report->memories } };
            addLevel3(summary, *report);
            ctx.printJson(summary);
            return 0;
        }
        ctx.out() << "exported " << report->memories << " memories";
        if (*format == io::SetFormat::RecollectorJson || *format == io::SetFormat::RecollectorYaml)
            ctx.out() << ", " << report->associations << " links, " << report->events << " events, "
                      << report->conflicts << " conflicts";
        ctx.out() << " to " << path << " (" << io::formatName(*format) << ")";
        if (!report->skipped.isEmpty())
            ctx.out() << "; " << report->skipped.size() << " not written (see the warnings)";
        ctx.out() << level3Line(*report) << "\n";
        ctx.out().flush();
        return 0;
    }

private:
    static void addLevel3(QJsonObject &summary, const io::ExportReport &report)
    {
        if (report.level3Sealed + report.level3Plain + report.level3LeftOut == 0)
            return;
        summary.insert(QStringLiteral("level3Sealed"), report.level3Sealed);
        summary.insert(QStringLiteral("level3Plain"), report.level3Plain);
        summary.insert(QStringLiteral("level3LeftOut"), report.level3LeftOut);
    }
    /// Level 3 (docs/cli.md, "Encryption at rest"): what happened to each, always said.
    static QString level3Line(const io::ExportReport &report)
    {
        if (report.level3Sealed + report.level3Plain + report.level3LeftOut == 0)
            return {};
        return QStringLiteral("; level 3: %1 sealed, %2 in plain text, %3 left out%4")
            .arg(report.level3Sealed)
            .arg(report.level3Plain)
            .arg(report.level3LeftOut)
            .arg(report.level3LeftOut ? QStringLiteral(" (--include-level3-plain includes them in plain text)") : QString());
    }

    /// Another memory system's format (docs/formats.md, "Other memory systems"): the whole
    /// store, written by its adapter, level 3 by the rule of every export.
    static int exportWith(CliContext &ctx, const io::FormatAdapter &adapter, const QString &path, bool level3Plain)
    {
        if (!adapter.canWrite())
            return ctx.fail(QStringLiteral("export: Recollector reads %1 files but cannot write them").arg(adapter.title()), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        io::ExportOptions options;
        options.exportedAt = ctx.now();
        options.adapter = adapter.name();
        options.includeLevel3Plain = level3Plain;
        auto report = io::formats::AdapterExport::write(*store, path, options);
        if (!report)
            return ctx.fail(report.error());
        for (const QString &skipped : report->skipped)
            ctx.err() << "recollector-cli: warning: " << skipped << Qt::endl;
        if (ctx.json) {
            QJsonObject summary { { QStringLiteral("memories"), report->memories },
                                  { QStringLiteral("associations"), report->associations } };
            addLevel3(summary, *report);
            ctx.printJson(summary);
            return 0;
        }
        ctx.out() << "exported " << report->memories << " memories, " << report->associations << " links to "
                  << path << " (" << adapter.name() << ")" << level3Line(*report) << "\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ExportCommand);

} // namespace recollector::cli
