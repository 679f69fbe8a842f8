#include "model/Conflict.h"

#include <array>

namespace recollector::core {

namespace {

const std::array<QString, 4> kTypeNames{QStringLiteral("direct_contradiction"), QStringLiteral("scope_overlap"),
                                        QStringLiteral("temporal_shift"), QStringLiteral("file_clash")};
const std::array<QString, 3> kStatusNames{QStringLiteral("open"), QStringLiteral("resolved"),
                                          QStringLiteral("dismissed")};
const std::array<QString, 10> kResolutionNames{
    QStringLiteral(""), // None: empty, never null (the store's column is NOT NULL DEFAULT '')
    QStringLiteral("latest_wins"),
    QStringLiteral("version_keep"),
    QStringLiteral("weight_balance"),
    QStringLiteral("keep_a"),
    QStringLiteral("keep_b"),
    QStringLiteral("keep_both"),
    QStringLiteral("merge"),
    QStringLiteral("auto:latest_wins"),
    QStringLiteral("auto:project_wins"),
};

template <typename Enum, std::size_t N>
QString nameOf(const std::array<QString, N> &names, Enum value)
{
    const auto i = std::size_t(value);
    return i < N ? names[i] : QString();
}

template <typename Enum, std::size_t N>
std::optional<Enum> fromName(const std::array<QString, N> &names, const QString &name)
{
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == name)
            return Enum(i);
    }
    return std::nullopt;
}

template <std::size_t N>
QStringList listOf(const std::array<QString, N> &names)
{
    QStringList out;
    for (const QString &n : names) {
        if (!n.isEmpty())
            out << n;
    }
    return out;
}

QString notOneOf(const QString &name, const QStringList &names)
{
    return QStringLiteral("\"%1\" is not one of %2").arg(name.left(40), names.join(QStringLiteral(", ")));
}

} // namespace

QString conflictTypeName(ConflictType type) { return nameOf(kTypeNames, type); }
std::optional<ConflictType> conflictTypeFromName(const QString &name) { return fromName<ConflictType>(kTypeNames, name); }
QStringList conflictTypeNames() { return listOf(kTypeNames); }

QString conflictStatusName(ConflictStatus status) { return nameOf(kStatusNames, status); }
std::optional<ConflictStatus> conflictStatusFromName(const QString &name)
{
    return fromName<ConflictStatus>(kStatusNames, name);
}
QStringList conflictStatusNames() { return listOf(kStatusNames); }

QString conflictResolutionName(ConflictResolution resolution) { return nameOf(kResolutionNames, resolution); }
std::optional<ConflictResolution> conflictResolutionFromName(const QString &name)
{
    // A null and an empty name are both "none" (the column is NOT NULL DEFAULT '').
    if (name.isEmpty())
        return ConflictResolution::None;
    return fromName<ConflictResolution>(kResolutionNames, name);
}
QStringList conflictResolutionNames() { return listOf(kResolutionNames); }

bool isAutomatic(ConflictResolution resolution)
{
    return resolution == ConflictResolution::AutoLatestWins || resolution == ConflictResolution::AutoProjectWins;
}

std::optional<ConflictFieldProblem> setConflictFields(Conflict &conflict, const QString &type, const QString &status,
                                                      const QString &resolution)
{
    const auto t = conflictTypeFromName(type);
    if (!t)
        return ConflictFieldProblem{QStringLiteral("type"), notOneOf(type, conflictTypeNames())};
    conflict.type = *t;
    const auto s = conflictStatusFromName(status);
    if (!s)
        return ConflictFieldProblem{QStringLiteral("status"), notOneOf(status, conflictStatusNames())};
    conflict.status = *s;
    const auto r = conflictResolutionFromName(resolution);
    if (!r)
        return ConflictFieldProblem{QStringLiteral("resolution"),
                                    notOneOf(resolution, conflictResolutionNames()) + QStringLiteral(" (or empty)")};
    conflict.resolution = *r;
    return std::nullopt;
}

} // namespace recollector::core
