#pragma once

#include "io/MappingReport.h"
#include "formats/LettaDocument.h"
#include "model/Event.h"

#include <vector>

namespace recollector::core::io::formats {

/// The block edits an agent made through its tools (docs/formats.md, "Letta Agent File"):
/// every `core_memory_replace` / `core_memory_append` call in an agent's messages becomes an
/// `edit` event (actor assistant, at the message's time) on the memory of the block it named.
/// The file holds only a block's last value, so the text before and after each edit is found
/// by undoing the calls from the last one back; where that does not fit (a call Letta
/// refused), the event keeps the call alone (payload "letta.replayed": false).
class LettaHistory final
{
public:
    /// Events for `doc`, in time order per block; counts what it used in `mapping`.
    static std::vector<Event> editEvents(const LettaDocument &doc, MappingReport &mapping);
};

} // namespace recollector::core::io::formats
