#include "config/YamlNesting.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <sstream>

namespace recollector::core::io {

namespace {

struct PastTheLimit
{
    YAML::Mark mark;
};

// Counts the lists and mappings open along yaml-cpp's parse and stops the parse (by throwing
// through it) at the first one past the limit, before yaml-cpp recurses any deeper.
class DepthCounter final : public YAML::EventHandler
{
public:
    explicit DepthCounter(int maxDepth)
        : m_maxDepth(maxDepth)
    {
    }

    void OnDocumentStart(const YAML::Mark &) override { }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &, YAML::anchor_t) override { }
    void OnAlias(const YAML::Mark &, YAML::anchor_t) override { }
    void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t, const std::string &) override { }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        open(mark);
    }
    void OnSequenceEnd() override { --m_depth; }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        open(mark);
    }
    void OnMapEnd() override { --m_depth; }

private:
    void open(const YAML::Mark &mark)
    {
        if (++m_depth > m_maxDepth)
            throw PastTheLimit { mark };
    }

    const int m_maxDepth;
    int m_depth = 0;
};

} // namespace

YamlNesting::Place YamlNesting::findTooDeep(const QByteArray &yaml, int maxDepth)
{
    std::istringstream in(yaml.toStdString());
    YAML::Parser parser(in);
    DepthCounter counter(maxDepth);
    try {
        parser.HandleNextDocument(counter);
    } catch (const PastTheLimit &past) {
        return Place { past.mark.line + 1, past.mark.column + 1 };
    } catch (const YAML::Exception &) {
        // Not YAML before the limit (or deeper than yaml-cpp's guard, which is past ours).
    }
    return {};
}

QString YamlNesting::deepRecursionMessage(const QByteArray &yaml, int guardLine, int guardColumn)
{
    const Place place = findTooDeep(yaml);
    return place.isValid() ? tooDeepMessage(place.line, place.column) : tooDeepMessage(guardLine, guardColumn);
}

QString YamlNesting::tooDeepMessage(int line, int column, int maxDepth)
{
    return QStringLiteral("nesting too deep at line %1, column %2: more than %3 levels of lists and mappings")
        .arg(line)
        .arg(column)
        .arg(maxDepth);
}

} // namespace recollector::core::io
