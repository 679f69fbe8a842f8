// engram-cli edit ID [--content T] [--keywords a,b] [--category C]
// (docs/architecture.md, "What each decision writes").
#include "Command.h"
#include "DecisionOutput.h"

namespace engram::cli {

using namespace engram::core;

class EditCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("edit"); }
    QString summary() const override { return QStringLiteral("change a memory's content, keywords or category"); }
    QString usage() const override { return QStringLiteral("ID [--content TEXT] [--keywords a,b] [--category C]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("content"), QStringLiteral("keywords"), QStringLiteral("category")}, {});
        QString id;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, id, code))
            return code;
        MemoryEdit edit;
        edit.content = parser.value(QStringLiteral("content"));
        edit.category = parser.value(QStringLiteral("category"));
        if (const auto keywords = parser.value(QStringLiteral("keywords")))
            edit.keywords = keywords->split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (edit.isEmpty())
            return ctx.fail(QStringLiteral("edit: give at least one of --content, --keywords, --category"), 2);
        const auto done = decisionsFor(ctx)->edit(id, edit, ctx.now());
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

ENGRAM_REGISTER_COMMAND(EditCommand);

} // namespace engram::cli
