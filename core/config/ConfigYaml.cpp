// YAML reading and writing for Config (SPEC §8). yaml-cpp's exceptions are caught here and
// turned into an Error naming the file, line and key; nothing throws out of this file.
#include "config/Config.h"

#include <QFile>

#include <yaml-cpp/yaml.h>

#include <functional>
#include <string>

namespace engram::core {

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

#define ENGRAM_D(path, member, lo, hi) Field{path, [](Config &c) -> double & { return c.member; }, lo, hi}
#define ENGRAM_I(path, member, lo, hi) IntField{path, [](Config &c) -> int & { return c.member; }, lo, hi}

const std::vector<Field> &doubleFields()
{
    static const std::vector<Field> fields{
        ENGRAM_D("memory.decay.initialStability", decay.initialStability, 0.1, 8760),
        ENGRAM_D("memory.decay.manualStability", decay.manualStability, 0.1, 8760),
        ENGRAM_D("memory.decay.maxStability", decay.maxStability, 1, 1e6),
        ENGRAM_D("memory.decay.fadingThreshold", decay.fadingThreshold, 0, 100),
        ENGRAM_D("memory.decay.archiveThreshold", decay.archiveThreshold, 0, 100),
        ENGRAM_D("memory.decay.deleteThreshold", decay.deleteThreshold, 0, 100),
        ENGRAM_D("memory.decay.cleanupIntervalHours", decay.cleanupIntervalHours, 0, 8760),
        ENGRAM_D("memory.reinforce.retrieve", reinforce.retrieve, 0.1, 10),
        ENGRAM_D("memory.reinforce.taskSuccess", reinforce.taskSuccess, 0.1, 10),
        ENGRAM_D("memory.reinforce.taskFailure", reinforce.taskFailure, 0.1, 10),
        ENGRAM_D("memory.reinforce.manualReview", reinforce.manualReview, 0.1, 10),
        ENGRAM_D("memory.reinforce.associationHit", reinforce.associationHit, 0.1, 10),
        ENGRAM_D("enhanced.alphaBase", enhanced.alphaBase, 0, 10),
        ENGRAM_D("enhanced.userFactor", enhanced.userFactor, 0.1, 10),
        ENGRAM_D("enhanced.semanticBoost", enhanced.semanticBoost, 0, 10),
        ENGRAM_D("enhanced.frequentSemanticBoost", enhanced.frequentSemanticBoost, 0, 10),
        ENGRAM_D("enhanced.semanticLambda", enhanced.semanticLambda, 0, 10),
        ENGRAM_D("enhanced.frequentWindowHours", enhanced.frequentWindowHours, 0, 8760),
        ENGRAM_D("enhanced.momentum", enhanced.momentum, 0, 10),
        ENGRAM_D("enhanced.momentumLambda", enhanced.momentumLambda, 0, 10),
        ENGRAM_D("enhanced.momentumWindowDays", enhanced.momentumWindowDays, 0, 365),
        ENGRAM_D("enhanced.minWeight", enhanced.minWeight, 0, 10),
        ENGRAM_D("enhanced.maxWeight", enhanced.maxWeight, 0.01, 100),
        ENGRAM_D("enhanced.fadingBelow", enhanced.fadingBelow, 0, 100),
        ENGRAM_D("enhanced.weakBelow", enhanced.weakBelow, 0, 100),
        ENGRAM_D("enhanced.forgottenBelow", enhanced.forgottenBelow, 0, 100),
        ENGRAM_D("importance.boost", importance.boost, 0, 10),
        ENGRAM_D("importance.coreAt", importance.coreAt, 0, 100),
        ENGRAM_D("importance.promoteReviewAt", importance.promoteReviewAt, 0, 100),
        ENGRAM_D("importance.decayReviewBelow", importance.decayReviewBelow, 0, 100),
        ENGRAM_D("importance.resetOnKeep", importance.resetOnKeep, 0, 100),
        ENGRAM_D("importance.weakBelow", importance.weakBelow, 0, 100),
        ENGRAM_D("importance.forgottenBelow", importance.forgottenBelow, 0, 100),
        ENGRAM_D("lifecycle.ageLambda", lifecycle.ageLambda, 0, 10),
        ENGRAM_D("lifecycle.recallWeight", lifecycle.recallWeight, 0, 10),
        ENGRAM_D("lifecycle.importanceWeight", lifecycle.importanceWeight, 0, 10),
        ENGRAM_D("lifecycle.activeAt", lifecycle.activeAt, 0, 1),
        ENGRAM_D("lifecycle.fadingAt", lifecycle.fadingAt, 0, 1),
        ENGRAM_D("lifecycle.weakAt", lifecycle.weakAt, 0, 1),
        ENGRAM_D("conflicts.minFactor", conflicts.minFactor, 0, 1),
        ENGRAM_D("conflicts.recoveryPerDay", conflicts.recoveryPerDay, 0, 10),
        ENGRAM_D("conflicts.keywordJaccard", conflicts.keywordJaccard, 0, 1),
        ENGRAM_D("conflicts.temporalShiftDays", conflicts.temporalShiftDays, 0, 36500),
        ENGRAM_D("conflicts.directConfidenceFactor", conflicts.directConfidenceFactor, 0, 1),
        ENGRAM_D("associations.keywordThreshold", associations.keywordThreshold, 0, 1),
        ENGRAM_D("associations.coTaskWeight", associations.coTaskWeight, 0, 1),
        ENGRAM_D("associations.temporalWeight", associations.temporalWeight, 0, 1),
        ENGRAM_D("associations.temporalWindowHours", associations.temporalWindowHours, 0, 8760),
        ENGRAM_D("associations.temporalMinWeight", associations.temporalMinWeight, 0, 1),
        ENGRAM_D("associations.coProjectWeight", associations.coProjectWeight, 0, 1),
        ENGRAM_D("associations.coRetrievalBoost", associations.coRetrievalBoost, 0, 1),
        ENGRAM_D("associations.confirmedHitBoost", associations.confirmedHitBoost, 0, 1),
        ENGRAM_D("associations.activationDecay", associations.activationDecay, 0, 1),
        ENGRAM_D("associations.minActivation", associations.minActivation, 0, 1),
        ENGRAM_D("budgets.purgeAfterDays", budgets.purgeAfterDays, 0, 36500),
    };
    return fields;
}

const std::vector<IntField> &intFields()
{
    static const std::vector<IntField> fields{
        ENGRAM_I("enhanced.frequentMentions", enhanced.frequentMentions, 1, 1000),
        ENGRAM_I("associations.maxDepth", associations.maxDepth, 1, 10),
        ENGRAM_I("associations.maxResults", associations.maxResults, 1, 1000),
        ENGRAM_I("budgets.activeEpisodes", budgets.activeEpisodes, 0, 100000000),
        ENGRAM_I("budgets.compressed", budgets.compressed, 0, 100000000),
        ENGRAM_I("budgets.semanticRules", budgets.semanticRules, 0, 100000000),
    };
    return fields;
}

const std::vector<StringField> &stringFields()
{
    static const std::vector<StringField> fields{
        {"conflicts.onTemporalShift", [](Config &c) -> QString & { return c.conflicts.onTemporalShift; },
         {QStringLiteral("latest_wins"), QStringLiteral("flag")}},
        {"conflicts.onScopeOverlap", [](Config &c) -> QString & { return c.conflicts.onScopeOverlap; },
         {QStringLiteral("project_wins"), QStringLiteral("flag")}},
        {"conflicts.onDirectContradiction", [](Config &c) -> QString & { return c.conflicts.onDirectContradiction; },
         {QStringLiteral("flag")}},
    };
    return fields;
}

#undef ENGRAM_D
#undef ENGRAM_I

YAML::Node lookup(const YAML::Node &root, const std::string &dotted)
{
    YAML::Node node = YAML::Clone(root);
    size_t start = 0;
    while (start <= dotted.size()) {
        const size_t dot = dotted.find('.', start);
        const std::string part = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!node.IsMap())
            return YAML::Node(YAML::NodeType::Undefined);
        node = node[part];
        if (!node.IsDefined())
            return node;
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return node;
}

Error fieldError(const QString &file, const YAML::Node &node, const QString &key, const QString &what)
{
    const int line = node.Mark().line >= 0 ? node.Mark().line + 1 : 0;
    return Error::make(Error::Code::Validation, QStringLiteral("%1:%2: %3: %4").arg(file).arg(line).arg(key, what));
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
    YAML::Node root;
    try {
        root = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception &e) {
        return Error::make(Error::Code::Parse, QStringLiteral("%1:%2: not valid YAML: %3")
                                                   .arg(fileName)
                                                   .arg(e.mark.line + 1)
                                                   .arg(QString::fromStdString(e.msg)));
    }
    if (root.IsNull())
        return config;
    if (!root.IsMap())
        return fieldError(fileName, root, QStringLiteral("(top level)"), QStringLiteral("expected a mapping of sections"));

    try {
        for (const Field &f : doubleFields()) {
            const YAML::Node node = lookup(root, f.path);
            if (!node.IsDefined() || node.IsNull())
                continue;
            double v = 0;
            if (!node.IsScalar() || !YAML::convert<double>::decode(node, v))
                return fieldError(fileName, node, QString::fromLatin1(f.path), QStringLiteral("expected a number"));
            if (v < f.min || v > f.max)
                return fieldError(fileName, node, QString::fromLatin1(f.path),
                                  QStringLiteral("%1 is out of range [%2, %3]").arg(v).arg(f.min).arg(f.max));
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
                                  QStringLiteral("%1 is out of range [%2, %3]").arg(v).arg(f.min).arg(f.max));
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
                const QString name = QString::fromStdString(it->first.as<std::string>());
                const YAML::Node body = it->second;
                const QString key = QStringLiteral("categories.") + name;
                if (!body.IsMap())
                    return fieldError(fileName, body, key, QStringLiteral("expected a mapping"));
                const int existing = config.categoryIndex(name);
                CategoryConfig cat = config.categories[size_t(existing)].name == name
                                         ? config.categories[size_t(existing)]
                                         : config.category(QStringLiteral("fact"));
                cat.name = name;
                struct Num
                {
                    const char *key;
                    double *into;
                    double lo, hi;
                };
                const Num nums[] = {{"importance", &cat.enhancedImportance, 0, 100},
                                    {"dailyDecayFactor", &cat.dailyDecayFactor, 0, 1},
                                    {"graceDays", &cat.graceDays, 0, 36500},
                                    {"maxAgeDays", &cat.maxAgeDays, 0, 36500},
                                    {"deleteBelow", &cat.deleteBelow, 0, 100}};
                for (const Num &n : nums) {
                    const YAML::Node v = body[n.key];
                    if (!v.IsDefined() || v.IsNull())
                        continue;
                    double d = 0;
                    const QString k = key + QLatin1Char('.') + QLatin1String(n.key);
                    if (!v.IsScalar() || !YAML::convert<double>::decode(v, d))
                        return fieldError(fileName, v, k, QStringLiteral("expected a number"));
                    if (d < n.lo || d > n.hi)
                        return fieldError(fileName, v, k,
                                          QStringLiteral("%1 is out of range [%2, %3]").arg(d).arg(n.lo).arg(n.hi));
                    *n.into = d;
                }
                if (const YAML::Node v = body["neverDecays"]; v.IsDefined() && !v.IsNull()) {
                    bool b = false;
                    if (!v.IsScalar() || !YAML::convert<bool>::decode(v, b))
                        return fieldError(fileName, v, key + QStringLiteral(".neverDecays"),
                                          QStringLiteral("expected true or false"));
                    cat.neverDecays = b;
                }
                if (config.categories[size_t(existing)].name == name)
                    config.categories[size_t(existing)] = cat;
                else
                    config.categories.push_back(cat);
            }
        }
    } catch (const YAML::Exception &e) {
        return Error::make(Error::Code::Parse, QStringLiteral("%1:%2: %3")
                                                   .arg(fileName)
                                                   .arg(e.mark.line + 1)
                                                   .arg(QString::fromStdString(e.msg)));
    }
    // Cross-field rules: thresholds must be ordered or tiers make no sense.
    if (!(config.decay.deleteThreshold <= config.decay.archiveThreshold
          && config.decay.archiveThreshold <= config.decay.fadingThreshold))
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: memory.decay: deleteThreshold ≤ archiveThreshold ≤ fadingThreshold "
                                          "must hold")
                               .arg(fileName));
    if (!(config.lifecycle.weakAt <= config.lifecycle.fadingAt && config.lifecycle.fadingAt <= config.lifecycle.activeAt))
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: lifecycle: weakAt ≤ fadingAt ≤ activeAt must hold").arg(fileName));
    return config;
}

QByteArray Config::toYaml() const
{
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
        place(f.path, YAML::Node(f.ref(self)));
    for (const IntField &f : intFields())
        place(f.path, YAML::Node(f.ref(self)));
    for (const StringField &f : stringFields())
        place(f.path, YAML::Node(f.ref(self).toStdString()));
    YAML::Node cats(YAML::NodeType::Map);
    for (const CategoryConfig &c : categories) {
        YAML::Node n(YAML::NodeType::Map);
        n["importance"] = c.enhancedImportance;
        n["dailyDecayFactor"] = c.dailyDecayFactor;
        n["graceDays"] = c.graceDays;
        n["neverDecays"] = c.neverDecays;
        n["maxAgeDays"] = c.maxAgeDays;
        n["deleteBelow"] = c.deleteBelow;
        cats[c.name.toStdString()] = n;
    }
    root["categories"] = cats;
    YAML::Emitter emitter;
    emitter << root;
    return QByteArray(emitter.c_str()) + '\n';
}

} // namespace engram::core
