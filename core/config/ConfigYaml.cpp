// YAML reading and writing for Config (docs/formats.md, "Configuration (config.yaml)").
// yaml-cpp's exceptions are caught here and turned into an Error naming the file, line and key;
// nothing throws out of this file. Every key is declared once in a table below, so reading,
// range checks, writing and the unknown-key check cannot drift apart.
#include "config/Config.h"
#include "config/YamlNesting.h"

#include <QFile>
#include <QLocale>
#include <QSet>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <functional>
#include <string>

namespace recollector::core {

namespace {

struct Field
{
    const char *path; // dotted key
    std::function<double &(Config &)> ref;
    double min;
    double max;
};

struct IntField
{
    const char *path;
    std::function<int &(Config &)> ref;
    int min;
    int max;
};

struct StringField
{
    const char *path;
    std::function<QString &(Config &)> ref;
    QStringList allowed;
};

#define RECOLLECTOR_D(path, member, lo, hi) Field{path, [](Config &c) -> double & { return c.member; }, lo, hi}
#define RECOLLECTOR_I(path, member, lo, hi) IntField{path, [](Config &c) -> int & { return c.member; }, lo, hi}

const std::vector<Field> &doubleFields()
{
    static const std::vector<Field> fields{
        RECOLLECTOR_D("memory.decay.initialStability", decay.initialStability, 0.1, 8760),
        RECOLLECTOR_D("memory.decay.manualStability", decay.manualStability, 0.1, 8760),
        RECOLLECTOR_D("memory.decay.maxStability", decay.maxStability, 1, 1e6),
        RECOLLECTOR_D("memory.decay.fadingThreshold", decay.fadingThreshold, 0, 100),
        RECOLLECTOR_D("memory.decay.archiveThreshold", decay.archiveThreshold, 0, 100),
        RECOLLECTOR_D("memory.decay.deleteThreshold", decay.deleteThreshold, 0, 100),
        RECOLLECTOR_D("memory.decay.cleanupIntervalHours", decay.cleanupIntervalHours, 0, 8760),
        RECOLLECTOR_D("memory.decay.highConfidence", decay.highConfidence, 0, 1),
        RECOLLECTOR_D("memory.decay.highConfidenceFactor", decay.highConfidenceFactor, 0.01, 10),
        RECOLLECTOR_D("memory.decay.wellReinforcedFactor", decay.wellReinforcedFactor, 0.01, 10),
        RECOLLECTOR_D("memory.decay.minDecayRate", decay.minDecayRate, 0.01, 100),
        RECOLLECTOR_D("memory.decay.maxDecayRate", decay.maxDecayRate, 0.01, 100),
        RECOLLECTOR_D("memory.reinforce.retrieve", reinforce.retrieve, 0.1, 10),
        RECOLLECTOR_D("memory.reinforce.taskSuccess", reinforce.taskSuccess, 0.1, 10),
        RECOLLECTOR_D("memory.reinforce.taskFailure", reinforce.taskFailure, 0.1, 10),
        RECOLLECTOR_D("memory.reinforce.manualReview", reinforce.manualReview, 0.1, 10),
        RECOLLECTOR_D("memory.reinforce.associationHit", reinforce.associationHit, 0.1, 10),
        RECOLLECTOR_D("enhanced.alphaBase", enhanced.alphaBase, 0, 10),
        RECOLLECTOR_D("enhanced.userFactor", enhanced.userFactor, 0.1, 10),
        RECOLLECTOR_D("enhanced.semanticBoost", enhanced.semanticBoost, 0, 10),
        RECOLLECTOR_D("enhanced.frequentSemanticBoost", enhanced.frequentSemanticBoost, 0, 10),
        RECOLLECTOR_D("enhanced.semanticLambda", enhanced.semanticLambda, 0, 10),
        RECOLLECTOR_D("enhanced.frequentWindowHours", enhanced.frequentWindowHours, 0, 8760),
        RECOLLECTOR_D("enhanced.momentum", enhanced.momentum, 0, 10),
        RECOLLECTOR_D("enhanced.momentumLambda", enhanced.momentumLambda, 0, 10),
        RECOLLECTOR_D("enhanced.momentumWindowDays", enhanced.momentumWindowDays, 0, 365),
        RECOLLECTOR_D("enhanced.minWeight", enhanced.minWeight, 0, 10),
        RECOLLECTOR_D("enhanced.maxWeight", enhanced.maxWeight, 0.01, 100),
        RECOLLECTOR_D("enhanced.fadingBelow", enhanced.fadingBelow, 0, 100),
        RECOLLECTOR_D("enhanced.weakBelow", enhanced.weakBelow, 0, 100),
        RECOLLECTOR_D("enhanced.forgottenBelow", enhanced.forgottenBelow, 0, 100),
        RECOLLECTOR_D("enhanced.archiveAfterDays", enhanced.archiveAfterDays, 0, 36500),
        RECOLLECTOR_D("enhanced.deleteArchivedAfterDays", enhanced.deleteArchivedAfterDays, 0, 36500),
        RECOLLECTOR_D("importance.boost", importance.boost, 0, 10),
        RECOLLECTOR_D("importance.coreAt", importance.coreAt, 0, 100),
        RECOLLECTOR_D("importance.promoteReviewAt", importance.promoteReviewAt, 0, 100),
        RECOLLECTOR_D("importance.decayReviewBelow", importance.decayReviewBelow, 0, 100),
        RECOLLECTOR_D("importance.resetOnKeep", importance.resetOnKeep, 0, 100),
        RECOLLECTOR_D("importance.weakBelow", importance.weakBelow, 0, 100),
        RECOLLECTOR_D("importance.forgottenBelow", importance.forgottenBelow, 0, 100),
        RECOLLECTOR_D("lifecycle.ageLambda", lifecycle.ageLambda, 0, 10),
        RECOLLECTOR_D("lifecycle.recallWeight", lifecycle.recallWeight, 0, 10),
        RECOLLECTOR_D("lifecycle.importanceWeight", lifecycle.importanceWeight, 0, 10),
        RECOLLECTOR_D("lifecycle.activeAt", lifecycle.activeAt, 0, 1),
        RECOLLECTOR_D("lifecycle.fadingAt", lifecycle.fadingAt, 0, 1),
        RECOLLECTOR_D("lifecycle.weakAt", lifecycle.weakAt, 0, 1),
        RECOLLECTOR_D("conflicts.minFactor", conflicts.minFactor, 0, 1),
        RECOLLECTOR_D("conflicts.recoveryPerDay", conflicts.recoveryPerDay, 0, 10),
        RECOLLECTOR_D("conflicts.keywordJaccard", conflicts.keywordJaccard, 0, 1),
        RECOLLECTOR_D("conflicts.temporalShiftDays", conflicts.temporalShiftDays, 0, 36500),
        RECOLLECTOR_D("conflicts.directConfidenceFactor", conflicts.directConfidenceFactor, 0, 1),
        RECOLLECTOR_D("associations.keywordThreshold", associations.keywordThreshold, 0, 1),
        RECOLLECTOR_D("associations.coTaskWeight", associations.coTaskWeight, 0, 1),
        RECOLLECTOR_D("associations.temporalWeight", associations.temporalWeight, 0, 1),
        RECOLLECTOR_D("associations.temporalWindowHours", associations.temporalWindowHours, 0, 8760),
        RECOLLECTOR_D("associations.temporalMinWeight", associations.temporalMinWeight, 0, 1),
        RECOLLECTOR_D("associations.coProjectWeight", associations.coProjectWeight, 0, 1),
        RECOLLECTOR_D("associations.coRetrievalBoost", associations.coRetrievalBoost, 0, 1),
        RECOLLECTOR_D("associations.confirmedHitBoost", associations.confirmedHitBoost, 0, 1),
        RECOLLECTOR_D("associations.activationDecay", associations.activationDecay, 0, 1),
        RECOLLECTOR_D("associations.minActivation", associations.minActivation, 0, 1),
        RECOLLECTOR_D("budgets.purgeAfterDays", budgets.purgeAfterDays, 0, 36500),
    };
    return fields;
}

const std::vector<IntField> &intFields()
{
    static const std::vector<IntField> fields{
        RECOLLECTOR_I("memory.decay.wellReinforcedCount", decay.wellReinforcedCount, 0, 1000000),
        RECOLLECTOR_I("enhanced.frequentMentions", enhanced.frequentMentions, 1, 1000),
        RECOLLECTOR_I("associations.maxDepth", associations.maxDepth, 1, 10),
        RECOLLECTOR_I("associations.maxResults", associations.maxResults, 1, 1000),
        RECOLLECTOR_I("budgets.activeEpisodes", budgets.activeEpisodes, 0, 100000000),
        RECOLLECTOR_I("budgets.compressed", budgets.compressed, 0, 100000000),
        RECOLLECTOR_I("budgets.semanticRules", budgets.semanticRules, 0, 100000000),
        RECOLLECTOR_I("privacy.idleLockMinutes", privacy.idleLockMinutes, 0, 1440),
    };
    return fields;
}

const std::vector<StringField> &stringFields()
{
    static const std::vector<StringField> fields{
        {"memory.decay.scheduledCleanup", [](Config &c) -> QString & { return c.decay.scheduledCleanup; },
         {QStringLiteral("review"), QStringLiteral("automatic")}},
        {"conflicts.onTemporalShift", [](Config &c) -> QString & { return c.conflicts.onTemporalShift; },
         {QStringLiteral("latest_wins"), QStringLiteral("flag")}},
        {"conflicts.onScopeOverlap", [](Config &c) -> QString & { return c.conflicts.onScopeOverlap; },
         {QStringLiteral("project_wins"), QStringLiteral("flag")}},
        {"conflicts.onDirectContradiction", [](Config &c) -> QString & { return c.conflicts.onDirectContradiction; },
         {QStringLiteral("flag")}},
    };
    return fields;
}

#undef RECOLLECTOR_D
#undef RECOLLECTOR_I

/// A category's numeric keys under `categories.<name>`.
struct CategoryNumber
{
    const char *key;
    double CategoryConfig::*member;
    double min;
    double max;
};

const std::vector<CategoryNumber> &categoryNumbers()
{
    static const std::vector<CategoryNumber> nums{
        {"importance", &CategoryConfig::enhancedImportance, 0, 100},
        {"dailyDecayFactor", &CategoryConfig::dailyDecayFactor, 0, 1},
        {"graceDays", &CategoryConfig::graceDays, 0, 36500},
        {"maxAgeDays", &CategoryConfig::maxAgeDays, 0, 36500},
        {"deleteBelow", &CategoryConfig::deleteBelow, 0, 100},
        {"decayRateFactor", &CategoryConfig::decayRateFactor, 0.01, 100},
    };
    return nums;
}

const char *const kNeverDecays = "neverDecays";

/// yaml-cpp 0.7 writes 0.1 as 0.10000000000000001; the shortest text that reads back to
/// the same double keeps the file readable and the round trip exact.
YAML::Node number(double v)
{
    return YAML::Node(QString::number(v, 'g', QLocale::FloatingPointShortest).toStdString());
}

// Node::operator= rebinds the *referenced* node in yaml-cpp (it would rewrite the tree), and a
// clone loses the line marks the messages need: walk with fresh const handles instead.
YAML::Node lookupParts(const YAML::Node &node, const std::vector<std::string> &parts, size_t i)
{
    if (i == parts.size())
        return node;
    if (!node.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node child = node[parts[i]];
    if (!child.IsDefined())
        return child;
    return lookupParts(child, parts, i + 1);
}

YAML::Node lookup(const YAML::Node &root, const std::string &dotted)
{
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t dot; (dot = dotted.find('.', start)) != std::string::npos; start = dot + 1)
        parts.push_back(dotted.substr(start, dot - start));
    parts.push_back(dotted.substr(start));
    return lookupParts(root, parts, 0);
}

int lineOf(const YAML::Node &node) { return node.Mark().line >= 0 ? node.Mark().line + 1 : 0; }

Error fieldError(const QString &file, const YAML::Node &node, const QString &key, const QString &what)
{
    return Error::make(Error::Code::Validation,
                       QStringLiteral("%1:%2: %3: %4").arg(file, QString::number(lineOf(node)), key, what));
}

/// Aliases let a short file repeat a mapping many times (`categories: {a: &c {...}, b: *c,
/// ...}`, duplicate keys included), and the checks below visit every use: the entries they
/// visit are bounded by four times the file's size, so such a file is an error, not minutes
/// of work.
class EntryBudget
{
public:
    explicit EntryBudget(qint64 fileBytes)
        : m_left(fileBytes * 4 + 1024)
    {
    }

    std::optional<Error> spend(const QString &file, const YAML::Node &node)
    {
        if (--m_left >= 0)
            return std::nullopt;
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1:%2: too many entries: aliases repeat the mappings beyond 4 times the file's size")
                .arg(file)
                .arg(lineOf(node)));
    }

private:
    qint64 m_left;
};

/// Every dotted key a config file may hold outside `categories`, plus its section prefixes.
QSet<QString> knownPaths()
{
    QSet<QString> paths;
    auto addWithPrefixes = [&paths](const QString &dotted) {
        paths.insert(dotted);
        for (int i = dotted.indexOf(QLatin1Char('.')); i > 0; i = dotted.indexOf(QLatin1Char('.'), i + 1))
            paths.insert(dotted.left(i));
    };
    for (const Field &f : doubleFields())
        addWithPrefixes(QString::fromLatin1(f.path));
    for (const IntField &f : intFields())
        addWithPrefixes(QString::fromLatin1(f.path));
    for (const StringField &f : stringFields())
        addWithPrefixes(QString::fromLatin1(f.path));
    return paths;
}

/// A typo in a key would otherwise be silently ignored and the default kept: report it.
std::optional<Error> findUnknownKey(const QString &file, const YAML::Node &map, const QString &prefix,
                                    const QSet<QString> &known, EntryBudget &budget)
{
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (auto e = budget.spend(file, it->first))
            return e;
        const QString key = QString::fromStdString(it->first.Scalar());
        const QString dotted = prefix.isEmpty() ? key : prefix + QLatin1Char('.') + key;
        if (prefix.isEmpty() && key == QLatin1String("categories"))
            continue; // checked entry by entry when read
        if (!known.contains(dotted))
            return fieldError(file, it->first, dotted, QStringLiteral("unknown key"));
        if (it->second.IsMap()) {
            if (auto e = findUnknownKey(file, it->second, dotted, known, budget))
                return e;
        }
    }
    return std::nullopt;
}

QString outOfRange(double v, double min, double max)
{
    // 'f' shortest: "[1, 1000000]", not "[1, 1e+06]".
    auto n = [](double x) { return QString::number(x, 'f', QLocale::FloatingPointShortest); };
    return QStringLiteral("%1 is out of range [%2, %3]").arg(n(v), n(min), n(max));
}

std::optional<Error> readCategory(const QString &file, const QString &name, const YAML::Node &body, Config &config,
                                  EntryBudget &budget)
{
    const QString key = QStringLiteral("categories.") + name;
    if (!body.IsMap())
        return fieldError(file, body, key, QStringLiteral("expected a mapping"));
    const int existing = config.categoryIndex(name);
    const bool known = config.categories[size_t(existing)].name == name;
    // A new category starts from fact's parameters (unknown ones get fact's:
    // docs/formats.md, "Configuration (config.yaml)").
    CategoryConfig cat = known ? config.categories[size_t(existing)] : config.category(QStringLiteral("fact"));
    cat.name = name;
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (auto e = budget.spend(file, it->first))
            return e;
        const std::string k = it->first.Scalar();
        const QString fullKey = key + QLatin1Char('.') + QString::fromStdString(k);
        const YAML::Node v = it->second;
        if (k == kNeverDecays) {
            bool b = false;
            if (!v.IsScalar() || !YAML::convert<bool>::decode(v, b))
                return fieldError(file, v, fullKey, QStringLiteral("expected true or false"));
            cat.neverDecays = b;
            continue;
        }
        const CategoryNumber *num = nullptr;
        for (const CategoryNumber &n : categoryNumbers()) {
            if (k == n.key)
                num = &n;
        }
        if (!num)
            return fieldError(file, it->first, fullKey, QStringLiteral("unknown key"));
        double d = 0;
        if (!v.IsScalar() || !YAML::convert<double>::decode(v, d))
            return fieldError(file, v, fullKey, QStringLiteral("expected a number"));
        if (d < num->min || d > num->max)
            return fieldError(file, v, fullKey,
                              outOfRange(d, num->min, num->max));
        cat.*(num->member) = d;
    }
    if (known)
        config.categories[size_t(existing)] = cat;
    else
        config.categories.push_back(cat);
    return std::nullopt;
}

struct CrossFieldProblem
{
    const char *section;
    QString message;
};

/// Cross-field rules: thresholds out of order make tiers meaningless.
std::optional<CrossFieldProblem> crossFieldProblem(const Config &config)
{
    const auto &d = config.decay;
    if (!(d.deleteThreshold <= d.archiveThreshold && d.archiveThreshold <= d.fadingThreshold))
        return CrossFieldProblem{"memory.decay", QStringLiteral("deleteThreshold ≤ archiveThreshold ≤ fadingThreshold must hold")};
    if (!(d.minDecayRate <= d.maxDecayRate))
        return CrossFieldProblem{"memory.decay", QStringLiteral("minDecayRate ≤ maxDecayRate must hold")};
    const auto &e = config.enhanced;
    if (!(e.minWeight <= e.maxWeight))
        return CrossFieldProblem{"enhanced", QStringLiteral("minWeight ≤ maxWeight must hold")};
    if (!(e.forgottenBelow <= e.weakBelow && e.weakBelow <= e.fadingBelow))
        return CrossFieldProblem{"enhanced", QStringLiteral("forgottenBelow ≤ weakBelow ≤ fadingBelow must hold")};
    if (!(config.importance.forgottenBelow <= config.importance.weakBelow))
        return CrossFieldProblem{"importance", QStringLiteral("forgottenBelow ≤ weakBelow must hold")};
    const auto &l = config.lifecycle;
    if (!(l.weakAt <= l.fadingAt && l.fadingAt <= l.activeAt))
        return CrossFieldProblem{"lifecycle", QStringLiteral("weakAt ≤ fadingAt ≤ activeAt must hold")};
    return std::nullopt;
}

std::optional<Error> readAll(const QString &fileName, const YAML::Node &root, Config &config, EntryBudget &budget)
{
    if (auto e = findUnknownKey(fileName, root, {}, knownPaths(), budget))
        return e;
    for (const Field &f : doubleFields()) {
        const YAML::Node node = lookup(root, f.path);
        if (!node.IsDefined() || node.IsNull())
            continue;
        double v = 0;
        if (!node.IsScalar() || !YAML::convert<double>::decode(node, v))
            return fieldError(fileName, node, QString::fromLatin1(f.path), QStringLiteral("expected a number"));
        if (!(v >= f.min && v <= f.max)) // also rejects .nan
            return fieldError(fileName, node, QString::fromLatin1(f.path),
                              outOfRange(v, f.min, f.max));
        f.ref(config) = v;
    }
    for (const IntField &f : intFields()) {
        const YAML::Node node = lookup(root, f.path);
        if (!node.IsDefined() || node.IsNull())
            continue;
        int v = 0;
        if (!node.IsScalar() || !YAML::convert<int>::decode(node, v))
            return fieldError(fileName, node, QString::fromLatin1(f.path), QStringLiteral("expected a whole number"));
        if (v < f.min || v > f.max)
            return fieldError(fileName, node, QString::fromLatin1(f.path),
                              outOfRange(v, f.min, f.max));
        f.ref(config) = v;
    }
    for (const StringField &f : stringFields()) {
        const YAML::Node node = lookup(root, f.path);
        if (!node.IsDefined() || node.IsNull())
            continue;
        const QString v = node.IsScalar() ? QString::fromStdString(node.Scalar()) : QString();
        if (!f.allowed.contains(v))
            return fieldError(fileName, node, QString::fromLatin1(f.path),
                              QStringLiteral("'%1' is not one of %2").arg(v, f.allowed.join(QStringLiteral(", "))));
        f.ref(config) = v;
    }
    if (const YAML::Node cats = root["categories"]; cats.IsDefined() && !cats.IsNull()) {
        if (!cats.IsMap())
            return fieldError(fileName, cats, QStringLiteral("categories"), QStringLiteral("expected a mapping"));
        for (auto it = cats.begin(); it != cats.end(); ++it) {
            if (auto e = budget.spend(fileName, it->first))
                return e;
            if (auto e = readCategory(fileName, QString::fromStdString(it->first.Scalar()), it->second, config,
                                      budget))
                return e;
        }
    }
    if (const auto problem = crossFieldProblem(config))
        return fieldError(fileName, lookup(root, problem->section), QString::fromLatin1(problem->section),
                          problem->message);
    return std::nullopt;
}

} // namespace

Result<Config> Config::fromYamlFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot be read (%2)").arg(path, file.errorString()));
    return fromYamlText(file.readAll(), path);
}

Result<Config> Config::fromYamlText(const QByteArray &yaml, const QString &fileName)
{
    Config config = defaults();
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        if (root.IsNull())
            return config;
        if (!root.IsMap())
            return fieldError(fileName, root, QStringLiteral("(top level)"),
                              QStringLiteral("expected a mapping of sections"));
        EntryBudget budget(yaml.size());
        if (auto e = readAll(fileName, root, config, budget))
            return *e;
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp's own guard (500 levels; the reader below walks only known keys, a few deep).
        return Error::make(Error::Code::Parse,
                           QStringLiteral("%1: %2").arg(fileName, io::YamlNesting::deepRecursionMessage(yaml, e.mark.line + 1,
                                                                                                  e.mark.column + 1)));
    } catch (const YAML::Exception &e) {
        return Error::make(Error::Code::Parse, QStringLiteral("%1:%2: not valid YAML: %3")
                                                   .arg(fileName, QString::number(e.mark.line + 1),
                                                        QString::fromStdString(e.msg)));
    }
    return config;
}

QByteArray Config::toYaml() const
{
    try {
        // Build a nested map from the dotted paths, in declaration order.
        YAML::Node root(YAML::NodeType::Map);
        Config self = *this;
        auto place = [&root](const std::string &dotted, const YAML::Node &value) {
            std::vector<std::string> parts;
            size_t start = 0;
            for (size_t dot; (dot = dotted.find('.', start)) != std::string::npos; start = dot + 1)
                parts.push_back(dotted.substr(start, dot - start));
            parts.push_back(dotted.substr(start));
            YAML::Node node = root;
            for (size_t i = 0; i + 1 < parts.size(); ++i) {
                if (!node[parts[i]].IsDefined())
                    node[parts[i]] = YAML::Node(YAML::NodeType::Map);
                node.reset(node[parts[i]]);
            }
            node[parts.back()] = value;
        };
        for (const Field &f : doubleFields())
            place(f.path, number(f.ref(self)));
        for (const IntField &f : intFields())
            place(f.path, YAML::Node(f.ref(self)));
        for (const StringField &f : stringFields())
            place(f.path, YAML::Node(f.ref(self).toStdString()));
        YAML::Node cats(YAML::NodeType::Map);
        for (const CategoryConfig &c : categories) {
            YAML::Node n(YAML::NodeType::Map);
            for (const CategoryNumber &num : categoryNumbers())
                n[num.key] = number(c.*(num.member));
            n[kNeverDecays] = c.neverDecays;
            cats[c.name.toStdString()] = n;
        }
        root["categories"] = cats;
        YAML::Emitter emitter;
        emitter << root;
        return QByteArray(emitter.c_str()) + '\n';
    } catch (const YAML::Exception &) {
        return {}; // cannot happen for a tree built here; never let it escape core
    }
}

const std::vector<ConfigKey> &Config::keys()
{
    static const std::vector<ConfigKey> all = [] {
        std::vector<ConfigKey> out;
        // Grouped by section, sections in their first appearance order (the three tables
        // would otherwise scatter a section's keys).
        auto section = [](const char *path) {
            const QString p = QString::fromLatin1(path);
            return p.left(p.lastIndexOf(QLatin1Char('.')));
        };
        QStringList sections;
        auto note = [&](const char *path) {
            if (!sections.contains(section(path)))
                sections << section(path);
        };
        for (const Field &f : doubleFields())
            note(f.path);
        for (const IntField &f : intFields())
            note(f.path);
        for (const StringField &f : stringFields())
            note(f.path);
        for (const QString &s : sections) {
            for (const Field &f : doubleFields()) {
                if (section(f.path) == s)
                    out.push_back({QString::fromLatin1(f.path), ConfigKey::Type::Number, f.min, f.max, {}});
            }
            for (const IntField &f : intFields()) {
                if (section(f.path) == s)
                    out.push_back({QString::fromLatin1(f.path), ConfigKey::Type::WholeNumber, double(f.min),
                                   double(f.max), {}});
            }
            for (const StringField &f : stringFields()) {
                if (section(f.path) == s)
                    out.push_back({QString::fromLatin1(f.path), ConfigKey::Type::Choice, 0, 0, f.allowed});
            }
        }
        return out;
    }();
    return all;
}

QVariant Config::value(const QString &key) const
{
    Config &self = const_cast<Config &>(*this); // the tables hand out mutable references; read only
    for (const Field &f : doubleFields()) {
        if (key == QLatin1String(f.path))
            return f.ref(self);
    }
    for (const IntField &f : intFields()) {
        if (key == QLatin1String(f.path))
            return f.ref(self);
    }
    for (const StringField &f : stringFields()) {
        if (key == QLatin1String(f.path))
            return f.ref(self);
    }
    return {};
}

bool Config::setValue(const QString &key, const QVariant &value)
{
    for (const Field &f : doubleFields()) {
        if (key == QLatin1String(f.path)) {
            bool ok = false;
            const double v = value.toDouble(&ok);
            if (ok)
                f.ref(*this) = v;
            return ok;
        }
    }
    for (const IntField &f : intFields()) {
        if (key == QLatin1String(f.path)) {
            bool ok = false;
            const int v = value.toInt(&ok);
            if (ok)
                f.ref(*this) = v;
            return ok;
        }
    }
    for (const StringField &f : stringFields()) {
        if (key == QLatin1String(f.path)) {
            if (!value.canConvert<QString>())
                return false;
            f.ref(*this) = value.toString();
            return true;
        }
    }
    return false;
}

Status Config::validate() const
{
    auto invalid = [](const QString &key, const QString &what) {
        return Error::make(Error::Code::Validation, QStringLiteral("%1: %2").arg(key, what));
    };
    Config &self = const_cast<Config &>(*this); // read only, as in value()
    for (const Field &f : doubleFields()) {
        const double v = f.ref(self);
        if (!(v >= f.min && v <= f.max)) // also rejects NaN
            return invalid(QString::fromLatin1(f.path), outOfRange(v, f.min, f.max));
    }
    for (const IntField &f : intFields()) {
        const int v = f.ref(self);
        if (v < f.min || v > f.max)
            return invalid(QString::fromLatin1(f.path), outOfRange(v, f.min, f.max));
    }
    for (const StringField &f : stringFields()) {
        const QString &v = f.ref(self);
        if (!f.allowed.contains(v))
            return invalid(QString::fromLatin1(f.path),
                           QStringLiteral("'%1' is not one of %2").arg(v, f.allowed.join(QStringLiteral(", "))));
    }
    QStringList seen;
    for (const CategoryConfig &c : categories) {
        const QString key = QStringLiteral("categories.") + c.name;
        if (c.name.trimmed().isEmpty() || c.name.contains(QLatin1Char('.')))
            return invalid(key, QStringLiteral("a category needs a name without dots"));
        if (seen.contains(c.name))
            return invalid(key, QStringLiteral("named twice"));
        seen << c.name;
        for (const CategoryNumber &n : categoryNumbers()) {
            const double v = c.*(n.member);
            if (!(v >= n.min && v <= n.max))
                return invalid(key + QLatin1Char('.') + QLatin1String(n.key), outOfRange(v, n.min, n.max));
        }
    }
    if (const auto problem = crossFieldProblem(*this))
        return invalid(QString::fromLatin1(problem->section), problem->message);
    return {};
}

} // namespace recollector::core
