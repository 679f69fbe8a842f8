#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace recollector::core {

/// What went wrong, as a value. `message` is one line a person can act on: it names the
/// file, the entry and the field where there is one. `detail` carries extra context (a
/// driver message, a line number) for logs.
struct Error
{
    enum class Code {
        None,
        Io,          ///< file cannot be read or written
        Parse,       ///< input is not what its format says
        Validation,  ///< a value is of the wrong type or out of range
        NotFound,    ///< an id that is not in the store
        Conflict,    ///< an id clash or a state that forbids the operation
        Database,    ///< SQLite said no
        Locked,      ///< another writer holds the store
        Schema,      ///< store is of a newer schema, or a migration failed
        Cancelled,   ///< the user or caller stopped the work
        Usage,       ///< a command line / API misuse
    };
    Code code = Code::None;
    QString message;
    QString detail;

    static Error make(Code c, QString msg, QString det = {}) { return Error{c, std::move(msg), std::move(det)}; }
};

/// Either a T or an Error. Errors in core are values; nothing throws across a library boundary.
template <typename T>
class [[nodiscard]] Result
{
public:
    Result(T value) : m_data(std::move(value)) {}
    Result(Error error) : m_data(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_data); }
    T &value() & { return std::get<T>(m_data); }
    T &&value() && { return std::get<T>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const Error &error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

template <>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)) {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

using Status = Result<void>;

} // namespace recollector::core
