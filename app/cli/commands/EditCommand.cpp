// recollector-cli edit ID [--content T] [--keywords a,b] [--category C] [--confidence X]
// [--importance X] [--project P] [--sensitivity N] (docs/architecture.md, "What each decision
// writes"): the same fields the window's detail panel edits.
#include "Command.h"

#include "store/StoreSeal.h"
#include "DecisionOutput.h"

#include <optional>
#include <type_traits>

namespace recollector::cli {

using namespace recollector::core;

namespace {

/// Reads `--name` as a number into `into`; false (with `message` set) when it is not one.
/// The range is the decision's to check, so the CLI and the window say the same.
template<typename T>
bool readNumber(const ArgParser &parser, const char *name, std::optional<T> &into, QString &message)
{
    const auto text = parser.value(QLatin1String(name));
    if (!text)
        return true;
    bool ok = false;
    const T value = std::is_same_v<T, int> ? T(text->toInt(&ok)) : T(text->toDouble(&ok));
    if (!ok) {
        message = QStringLiteral("edit: --%1 must be a number, not '%2'").arg(QLatin1String(name), *text);
        return false;
    }
    into = value;
    return true;
}

} // namespace

class EditCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("edit"); }
    QString summary() const override
    {
        return QStringLiteral("change a memory's content, keywords, category, confidence, importance, project or "
                              "sensitivity");
    }
    QString usage() const override
    {
        return QStringLiteral("ID [--content TEXT] [--keywords a,b] [--category C] [--confidence 0-1] "
                              "[--importance X] [--project PATH] [--sensitivity 0-3] [--seen UPDATED-AT]");
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser parser({QStringLiteral("content"), QStringLiteral("keywords"), QStringLiteral("category"),
                          QStringLiteral("confidence"), QStringLiteral("importance"), QStringLiteral("project"),
                          QStringLiteral("sensitivity")},
                         {});
        DecisionTarget target;
        int code = 0;
        if (!parseOneId(ctx, name(), args, parser, target, code))
            return code;
        const QString &id = target.id;
        MemoryEdit edit;
        edit.content = parser.value(QStringLiteral("content"));
        edit.category = parser.value(QStringLiteral("category"));
        edit.projectPath = parser.value(QStringLiteral("project"));
        if (const auto keywords = parser.value(QStringLiteral("keywords")))
            edit.keywords = keywords->split(QLatin1Char(','), Qt::SkipEmptyParts);
        QString message;
        if (!readNumber(parser, "confidence", edit.confidence, message)
            || !readNumber(parser, "importance", edit.importance, message)
            || !readNumber(parser, "sensitivity", edit.sensitivity, message))
            return ctx.fail(message, 2);
        if (edit.isEmpty())
            return ctx.fail(QStringLiteral("edit: give at least one of --content, --keywords, --category, --confidence, "
                                           "--importance, --project, --sensitivity"),
                            2);
        // A raise to level 3 seals the text: the store needs a passphrase first (docs/cli.md,
        // "Encryption at rest").
        if (edit.sensitivity && *edit.sensitivity == 3) {
            core::Store *store = ctx.store();
            if (!store)
                return 1;
            if (!store->canSeal())
                return ctx.fail(QStringLiteral("edit %1: sensitivity 3 is encrypted, and this attached folder keeps its memories "
                                               "in another program's plain files, which cannot hold encrypted text; use "
                                               "sensitivity 2 and the window's View → Privacy Mode instead")
                                    .arg(id));
            auto has = core::StoreSeal::hasPassphrase(*store);
            if (!has)
                return ctx.fail(has.error());
            if (!*has)
                return ctx.fail(QStringLiteral("edit %1: sensitivity 3 is encrypted and the store has no passphrase yet: "
                                               "set one with recollector-cli passphrase --new-file FILE")
                                    .arg(id));
        }
        const auto done = decideAndFollow(ctx, target, [&](core::Decisions &d) { return d.edit(id, edit, ctx.now()); });
        if (!done)
            return ctx.fail(done.error());
        return printMemoryAfter(ctx, id);
    }
};

RECOLLECTOR_REGISTER_COMMAND(EditCommand);

} // namespace recollector::cli
