#include "attach/AttachedDecision.h"

#include "attach/AttachedFolder.h"

namespace recollector::core::attach {

Result<WriteBack::Report> AttachedDecision::run(Store &store, const QString &folder, Millis now,
                                                const std::function<Status()> &decide)
{
    if (folder.isEmpty()) {
        // A store of its own: no file follows the decision, whose own transactions suffice
        // (a recall's reads stay outside any write lock).
        if (const Status st = decide(); !st)
            return st.error();
        return WriteBack::Report {};
    }
    return WriteBack::run(store, folder, now, decide);
}

Result<WriteBack::Report> AttachedDecision::run(Store &store, Millis now, const std::function<Status()> &decide)
{
    return run(store, AttachedFolder::folderOf(store), now, decide);
}

} // namespace recollector::core::attach
