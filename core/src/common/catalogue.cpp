// Parameter validation shared by every algorithm catalogue.
#include "veil/common/catalogue.h"

#include "veil/common/known_keys.h"
#include "veil/common/validate.h"

#include <cmath>
#include <sstream>

namespace veil {

using nlohmann::json;

const ParameterInfo* AlgorithmInfo::parameter(const std::string& name) const {
    for (const auto& p : parameters)
        if (p.name == name) return &p;
    return nullptr;
}

double ParameterValues::number(const std::string& name) const { return m_values.at(name).get<double>(); }
long long ParameterValues::integer(const std::string& name) const { return m_values.at(name).get<long long>(); }
bool ParameterValues::flag(const std::string& name) const { return m_values.at(name).get<bool>(); }
std::string ParameterValues::choice(const std::string& name) const { return m_values.at(name).get<std::string>(); }

namespace {

std::string rangeText(const ParameterInfo& p) {
    return "[" + formatNumber(p.minimum) + ", " + formatNumber(p.maximum) + "]";
}

std::string expected(const ParameterInfo& p) {
    switch (p.kind) {
        case ParameterKind::Number:
            return "a number in " + rangeText(p);
        case ParameterKind::Integer:
            return "an integer in " + rangeText(p);
        case ParameterKind::Flag:
            return "true or false";
        case ParameterKind::Choice: {
            std::string list;
            for (const auto& c : p.choices) list += (list.empty() ? "\"" : ", \"") + c + "\"";
            return "one of " + list;
        }
    }
    return "a value";
}

Result<json> checkValue(const ParameterInfo& p, const json& v, const std::string& where) {
    const auto wrong = [&] {
        return Status::invalidArgument(where + ": expected " + expected(p) + ", got " + v.dump());
    };
    switch (p.kind) {
        case ParameterKind::Number: {
            if (!v.is_number()) return wrong();
            const double x = v.get<double>();
            if (!std::isfinite(x) || x < p.minimum || x > p.maximum) return wrong();
            return json(x);
        }
        case ParameterKind::Integer: {
            // Integers are read as such (2147483648 is not wrapped, 2.5 is not truncated).
            if (v.is_number_integer() || v.is_number_unsigned()) {
                const bool negative = v.is_number_integer() && !v.is_number_unsigned() && v.get<long long>() < 0;
                const double x = negative ? double(v.get<long long>()) : double(v.get<unsigned long long>());
                if (x < p.minimum || x > p.maximum) return wrong();
                return json(negative ? v.get<long long>() : static_cast<long long>(v.get<unsigned long long>()));
            }
            if (v.is_number_float()) {
                const double x = v.get<double>();
                if (std::isfinite(x) && std::floor(x) == x && x >= p.minimum && x <= p.maximum)
                    return json(static_cast<long long>(x));
            }
            return wrong();
        }
        case ParameterKind::Flag:
            if (!v.is_boolean()) return wrong();
            return v;
        case ParameterKind::Choice:
            if (!v.is_string()) return wrong();
            for (const auto& c : p.choices)
                if (c == v.get<std::string>()) return v;
            return wrong();
    }
    return wrong();
}

// "'hierarchical' has no option 'brnaching'; did you mean 'branching'?" (or the known options).
std::string noOption(const AlgorithmInfo& info, const std::string& name) {
    std::vector<std::string> known;
    for (const auto& q : info.parameters) known.push_back(q.name);
    const std::string text = "'" + info.id + "' has no option '" + name + "'";
    return known.empty() ? text + " (it takes none)" : text + suggestionText(name, known);
}

}  // namespace

Result<json> checkParameter(const AlgorithmInfo& info, const std::string& name, const json& value,
                            const std::string& where) {
    const ParameterInfo* p = info.parameter(name);
    if (!p) return Status::invalidArgument(where + ": " + noOption(info, name));
    return checkValue(*p, value, where);
}

Result<ParameterValues> parseParameters(const AlgorithmInfo& info, const json& options, const std::string& path) {
    if (!options.is_null() && !options.is_object())
        return Status::invalidArgument(path + ": expected an object of options for '" + info.id + "', got " +
                                       options.dump());
    json out = json::object();
    if (options.is_object()) {
        for (const auto& [key, value] : options.items()) {
            auto checked = checkParameter(info, key, value, path + "." + key);
            if (!checked) return checked.status();
            out[key] = std::move(*checked);
        }
    }
    for (const auto& p : info.parameters)
        if (!out.contains(p.name)) out[p.name] = p.defaultValue;
    return ParameterValues(std::move(out));
}

Result<json> parseOptionAssignments(const AlgorithmInfo& info, const std::vector<std::string>& items) {
    json out = json::object();
    for (const auto& item : items) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            return Status::invalidArgument("--option expects NAME=VALUE, got '" + item + "'");
        const std::string name = item.substr(0, eq), text = item.substr(eq + 1);
        const ParameterInfo* p = info.parameter(name);
        if (!p) return Status::invalidArgument("--option " + name + ": " + noOption(info, name));
        if (p->kind == ParameterKind::Choice) {
            out[name] = text;
            continue;
        }
        if (p->kind == ParameterKind::Flag) {
            if (text != "true" && text != "false")
                return Status::invalidArgument("--option " + name + ": expected true or false, got '" + text + "'");
            out[name] = text == "true";
            continue;
        }
        const json parsed = json::parse(text, nullptr, false);
        if (parsed.is_discarded() || !parsed.is_number())
            return Status::invalidArgument("--option " + name + ": expected " + expected(*p) + ", got '" + text + "'");
        out[name] = parsed;
    }
    return out;
}

std::string describeParameters(const AlgorithmInfo& info) {
    std::ostringstream os;
    for (const auto& p : info.parameters) {
        os << p.name << " (";
        switch (p.kind) {
            case ParameterKind::Number:
                os << "number " << formatNumber(p.minimum) << ".." << formatNumber(p.maximum);
                break;
            case ParameterKind::Integer:
                os << "integer " << formatNumber(p.minimum) << ".." << formatNumber(p.maximum);
                break;
            case ParameterKind::Flag:
                os << "true|false";
                break;
            case ParameterKind::Choice: {
                std::string list;
                for (const auto& c : p.choices) list += (list.empty() ? "" : "|") + c;
                os << list;
                break;
            }
        }
        os << ", default " << p.defaultValue.dump() << "): " << p.help << "\n";
    }
    return os.str();
}

}  // namespace veil
