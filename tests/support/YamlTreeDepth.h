#pragma once

// How deep yaml-cpp built a document: the lists and mappings on the deepest path of its tree,
// aliases followed up to `cap` levels. What YamlNesting's count is checked against, in the
// YAML tests and the YAML fuzz target. Header-only, like TempStore.h.
#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace engram::test {

inline int yamlTreeDepth(const YAML::Node &node, int cap)
{
    if (cap <= 0 || !(node.IsSequence() || node.IsMap()))
        return 0;
    int deepest = 0;
    if (node.IsSequence()) {
        for (const YAML::Node &item : node)
            deepest = std::max(deepest, yamlTreeDepth(item, cap - 1));
    } else {
        for (const auto &kv : node)
            deepest = std::max({ deepest, yamlTreeDepth(kv.first, cap - 1), yamlTreeDepth(kv.second, cap - 1) });
    }
    return 1 + deepest;
}

} // namespace engram::test
