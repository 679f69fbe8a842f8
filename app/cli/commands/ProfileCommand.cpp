// recollector-cli profile [NAME]: show or set the store's scoring profile (meta key `profile`).
#include "Command.h"
#include "DecisionOutput.h"

#include "store/MetaRepository.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class ProfileCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("profile"); }
    QString summary() const override { return QStringLiteral("show or set the store's scoring profile"); }
    QString usage() const override { return QStringLiteral("[") + profileNames().join(QLatin1Char('|')) + QLatin1Char(']'); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (args.size() > 1 || (!args.isEmpty() && args.first().startsWith(QLatin1String("--"))))
            return ctx.fail(QStringLiteral("profile: expected at most one profile name"), 2);
        Store *store = ctx.store();
        if (!args.isEmpty()) {
            const QString wanted = args.first();
            if (!profileNames().contains(wanted))
                return ctx.fail(QStringLiteral("profile: unknown profile '%1' (known: %2)")
                                    .arg(wanted, profileNames().join(QStringLiteral(", "))),
                                2);
            if (const Status st = store->meta().setValue(MetaRepository::kProfile, wanted); !st)
                return ctx.fail(st.error());
        }
        const auto stored = store->meta().value(MetaRepository::kProfile, QStringLiteral("ebbinghaus"));
        if (!stored)
            return ctx.fail(stored.error());
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("profile"), *stored},
                                      {QStringLiteral("profiles"), QJsonArray::fromStringList(profileNames())}});
            return 0;
        }
        ctx.out() << *stored << "\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(ProfileCommand);

} // namespace recollector::cli
