import SwiftSyntax
import Testing
@testable import PredicateLintCore

/// What a captured value's name and declaration say about it: `case-sensitive-contains`
/// speaks only on text people type, and `non-codable-capture` only on a declared `Character`.
@Suite struct CapturedValuesTests {
    @Test(arguments: ["searchText", "searchQuery", "query", "filterText", "keyword", "keywords", "searchTerm",
                      "nameSearchText", "search_text", "currentQuery", "filterString"])
    func namesOfSearchInput(_ name: String) {
        #expect(SearchInputName.namesSearchInput(name) && !SearchInputName.isMachineText(name))
    }

    @Test(arguments: ["searchID", "queryKey", "serverID", "identifier", "airportCode", "text", "name", "filter",
                      "record", "term", "searchScope", "queryType", "urlPrefix"])
    func namesThatAreNotSearchInput(_ name: String) {
        #expect(!SearchInputName.namesSearchInput(name) || SearchInputName.isMachineText(name))
    }

    func argument(_ code: String) -> (ExprSyntax, FileFacts) {
        let file = SourceFile(path: "Search.swift", text: code)
        let site = PredicateSiteFinder.sites(in: file.tree)[0]
        let call = PredicateFacts(site: site).calls.first { $0.calleeName == "contains" }!
        return (call.arguments.first!.expression, FileFacts(tree: file.tree))
    }

    @Test(arguments: [
        // Bound to a field in this file, whatever its name.
        "struct V { @State var name = \"\"; var f: some View { TextField(\"Name\", text: $name) }; var p: Predicate<Movie> { #Predicate<Movie> { $0.name.contains(name) } } }",
        "struct V { @State var t = \"\"; var f: some View { List {}.searchable(text: $t) }; var p: Predicate<Movie> { #Predicate<Movie> { $0.name.contains(t) } } }",
        // Made from search input.
        "func f(searchText: Binding<String>) { let term = searchText.wrappedValue; _ = #Predicate<Movie> { $0.name.contains(term) } }",
        "func f(query: String?) { if let q = query?.lowercased() { _ = #Predicate<Movie> { $0.name.contains(q) } } }",
        "func f(model: SearchModel) { _ = #Predicate<Movie> { $0.name.contains(model.searchText) } }",
        // A parameter every call of which, two calls away, passes what a text field is bound to.
        """
        enum Store { static func fetch(matching value: String) { _ = #Predicate<Movie> { $0.name.contains(value) } }
            static func find(_ entered: String) { fetch(matching: entered) }
            static func fetch(other value: Int) {} }
        struct V { @State var text = ""; var f: some View { TextField("Title", text: $text) }; func go() { Store.find(text) } }
        """,
    ])
    func textPeopleType(_ code: String) {
        let (argument, facts) = argument(code)
        #expect(CapturedValues.isTextPeopleType(argument, fileScope: facts))
    }

    @Test(arguments: [
        "func f(record: Record) { _ = #Predicate<Movie> { $0.name.contains(record.description) } }",
        "func f(serverID: String) { _ = #Predicate<Movie> { $0.name.contains(serverID) } }",
        "func f(query: Query) { let id = query.id; _ = #Predicate<Movie> { $0.name.contains(id) } }",
        "func f(query: Query) { let value = query.value; _ = #Predicate<Movie> { $0.name.contains(value) } }",
        "let p = #Predicate<Movie> { $0.name.contains(\"List\") }",
        "func f(text: String) { _ = #Predicate<Movie> { $0.name.contains(text) } }",
        // The trail is not clear: no call in the file; one call passes a literal; two functions
        // share the name and labels; a default argument.
        "func fetch(value: String) { _ = #Predicate<Movie> { $0.name.contains(value) } }",
        """
        func fetch(value: String) { _ = #Predicate<Movie> { $0.name.contains(value) } }
        struct V { @State var text = ""; var f: some View { TextField("Title", text: $text) }; func go() { fetch(value: text); fetch(value: "ABC") } }
        """,
        """
        func fetch(value: String) { _ = #Predicate<Movie> { $0.name.contains(value) } }
        struct W { func fetch(value: String) {} }
        struct V { @State var text = ""; var f: some View { TextField("Title", text: $text) }; func go() { fetch(value: text) } }
        """,
        """
        func fetch(value: String, limit: Int = 10) { _ = #Predicate<Movie> { $0.name.contains(value) } }
        struct V { @State var text = ""; var f: some View { TextField("Title", text: $text) }; func go() { fetch(value: text, limit: 3) } }
        """,
    ])
    func notTextPeopleType(_ code: String) {
        let (argument, facts) = argument(code)
        #expect(!CapturedValues.isTextPeopleType(argument, fileScope: facts))
    }

    @Test(arguments: [
        ("func f(letter: Character) { _ = #Predicate<Movie> { $0.name.contains(letter) } }", WrittenType.named("Character")),
        ("func f(letter: Character?) { if let letter { _ = #Predicate<Movie> { $0.name.contains(letter) } } }", .named("Character")),
        ("func f(letter: Character?) { if let c = letter { _ = #Predicate<Movie> { $0.name.contains(c) } } }", .named("Character")),
        ("func f() { let s = \"\"; _ = #Predicate<Movie> { $0.name.contains(s) } }", .named("String")),
    ])
    func declaredTypesOfCapturedNames(_ code: String, _ type: WrittenType) {
        let (argument, facts) = argument(code)
        #expect(CapturedValues.declaredType(of: argument, fileScope: facts) == type)
    }
}
