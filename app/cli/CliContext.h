#pragma once

#include "config/Config.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "scoring/MentionIndex.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QTextStream>

#include <memory>
#include <optional>

namespace recollector::cli {

/// What every command gets: the global options (docs/cli.md, "Global options"), the store
/// (opened on first use), the config and active scoring profile, the evaluation instant, and
/// output helpers.
class CliContext final
{
public:
    CliContext();

    // Global options.
    QString storePath;         ///< --store (default store when empty)
    QString profileOverride;   ///< --profile
    core::Millis at = 0;       ///< --at (now when 0)
    bool json = false;         ///< --json
    /// --passphrase-file, else RECOLLECTOR_PASSPHRASE_FILE: unlocks a store with a passphrase
    /// when it opens (docs/cli.md, "Encryption at rest").
    QString passphraseFile;

    /// Evaluation instant: --at, or the current time.
    core::Millis now() const;
    /// The store, opened (and created when missing) on first call; nullptr after fail().
    core::Store *store();
    /// Store's config (meta `config`) over the defaults.
    const core::Config &config();
    /// --profile, else the store's, else ebbinghaus.
    const core::ScoringProfile &profile();
    QString profileName();

    /// Every memory's mentions (enhanced S and M), read from the events on first use.
    const core::MentionIndex &mentions();
    /// What the profile scores for `memory` at now(), its mentions included.
    core::ScoreInput scoreInput(const core::Memory &memory);

    /// A memory as a memory object (docs/cli.md, "The memory object"): every field plus score,
    /// strength, tier.
    QJsonObject memoryObject(const core::Memory &memory);

    /// Prints a JSON document (compact when piped is fine; indented for reading).
    void printJson(const QJsonValue &value);
    /// Prints one line on stderr and returns the exit code to return.
    int fail(const QString &message, int code = 1);
    int fail(const core::Error &error, int code = 1) { return fail(error.message, code); }

    QTextStream &out() { return m_out; }
    QTextStream &err() { return m_err; }

    static QString defaultStorePath();

private:
    QTextStream m_out;
    QTextStream m_err;
    std::unique_ptr<core::Store> m_store;
    std::unique_ptr<core::Config> m_config;
    std::unique_ptr<core::ScoringProfile> m_profile;
    std::optional<core::MentionIndex> m_mentions;
    bool m_failed = false;
};

} // namespace recollector::cli
