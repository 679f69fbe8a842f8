// recollector-cli unlock --check: does the passphrase open every sealed memory? (docs/cli.md,
// "Encryption at rest"). Nothing is written.
#include "CliContext.h"
#include "Command.h"

#include "store/StoreSeal.h"

#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

class UnlockCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("unlock"); }
    QString summary() const override
    {
        return QStringLiteral("check that the passphrase (--passphrase-file) opens every level-3 memory");
    }
    QString usage() const override { return QStringLiteral("--check"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        if (args != QStringList{QStringLiteral("--check")})
            return ctx.fail(QStringLiteral("unlock: expected --check (recollector-cli --passphrase-file PATH unlock --check); "
                                           "a command line unlocks for its own run only"),
                            2);
        if (ctx.passphraseFile.isEmpty())
            return ctx.fail(QStringLiteral("unlock --check: no passphrase: give --passphrase-file PATH or set "
                                           "RECOLLECTOR_PASSPHRASE_FILE"),
                            2);
        Store *store = ctx.store(); // unlocks, or fails with one line on a wrong passphrase
        if (!store)
            return 1;
        auto has = StoreSeal::hasPassphrase(*store);
        if (!has)
            return ctx.fail(has.error());
        if (!*has)
            return ctx.fail(QStringLiteral("%1: the store has no passphrase (recollector-cli passphrase --new-file FILE sets one)")
                                .arg(store->path()));
        qint64 open = 0;
        QStringList damaged;
        const Status st = store->memories().forEach([&](const Memory &m) {
            if (m.isLocked())
                damaged << QStringLiteral("%1: %2").arg(m.id, m.sealError);
            else if (m.sensitivity >= 3)
                ++open;
            return true;
        });
        if (!st)
            return ctx.fail(st.error());
        if (ctx.json) {
            ctx.printJson(QJsonObject{{QStringLiteral("unlocked"), damaged.isEmpty()},
                                      {QStringLiteral("open"), open},
                                      {QStringLiteral("damaged"), QJsonArray::fromStringList(damaged)}});
        } else {
            ctx.out() << "passphrase correct: " << open << " level-3 memor" << (open == 1 ? "y" : "ies") << " open\n";
            for (const QString &d : damaged)
                ctx.err() << "does not open: " << d << "\n";
            ctx.out().flush();
            ctx.err().flush();
        }
        return damaged.isEmpty() ? 0 : 1;
    }
};

RECOLLECTOR_REGISTER_COMMAND(UnlockCommand);

} // namespace recollector::cli
