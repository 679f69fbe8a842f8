// recollector-cli passphrase --new-file PATH [--kdf moderate|interactive]: set the store's first
// passphrase (sealing every level-3 memory), or change it (the current one from
// --passphrase-file), re-sealing everything in one transaction (docs/cli.md, "Encryption at rest").
#include "CliContext.h"
#include "Command.h"

#include "crypto/PassphraseFile.h"
#include "crypto/StoreKey.h"
#include "engine/decisions/CrashPoint.h"
#include "store/StoreSeal.h"

namespace recollector::cli {

using namespace recollector::core;

class PassphraseCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("passphrase"); }
    QString summary() const override
    {
        return QStringLiteral("set or change the passphrase that seals level-3 memories");
    }
    QString usage() const override { return QStringLiteral("--new-file PATH [--kdf moderate|interactive]"); }

    int run(CliContext &ctx, const QStringList &args) override
    {
        QString newFile;
        crypto::KdfParams params = crypto::KdfParams::moderate();
        for (int i = 0; i < args.size(); ++i) {
            if (args[i] == QLatin1String("--new-file") && i + 1 < args.size()) {
                newFile = args[++i];
            } else if (args[i] == QLatin1String("--kdf") && i + 1 < args.size()) {
                const QString kdf = args[++i];
                if (kdf == QLatin1String("moderate"))
                    params = crypto::KdfParams::moderate();
                else if (kdf == QLatin1String("interactive"))
                    params = crypto::KdfParams::interactive();
                else
                    return ctx.fail(QStringLiteral("passphrase --kdf: '%1' is not moderate or interactive").arg(kdf), 2);
            } else {
                return ctx.fail(QStringLiteral("passphrase: unexpected '%1' (recollector-cli passphrase --new-file PATH "
                                               "[--kdf moderate|interactive])").arg(args[i]),
                                2);
            }
        }
        if (newFile.isEmpty())
            return ctx.fail(QStringLiteral("passphrase: --new-file PATH is required (the new passphrase, in a file)"), 2);
        Store *store = ctx.store();
        if (!store)
            return 1;
        auto has = StoreSeal::hasPassphrase(*store);
        if (!has)
            return ctx.fail(has.error());
        auto next = crypto::readPassphraseFile(newFile);
        if (!next)
            return ctx.fail(next.error());
        Status st;
        if (!*has) {
            st = StoreSeal::setPassphrase(*store, *next, params);
        } else {
            if (ctx.passphraseFile.isEmpty()) {
                crypto::wipe(*next);
                return ctx.fail(QStringLiteral("passphrase: the store has a passphrase; give the current one with "
                                               "--passphrase-file PATH (or RECOLLECTOR_PASSPHRASE_FILE)"),
                                2);
            }
            auto current = crypto::readPassphraseFile(ctx.passphraseFile);
            if (!current) {
                crypto::wipe(*next);
                return ctx.fail(current.error());
            }
            st = StoreSeal::changePassphrase(*store, *current, *next, params, &CrashPoint::hit);
            crypto::wipe(*current);
        }
        crypto::wipe(*next);
        if (!st)
            return ctx.fail(st.error());
        auto sealed = StoreSeal::sealedCount(*store);
        ctx.out() << (*has ? "passphrase changed: " : "passphrase set: ") << (sealed ? *sealed : 0)
                  << " level-3 memories sealed\n";
        ctx.out().flush();
        return 0;
    }
};

RECOLLECTOR_REGISTER_COMMAND(PassphraseCommand);

} // namespace recollector::cli
